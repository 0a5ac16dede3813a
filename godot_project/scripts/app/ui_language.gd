class_name UiLanguage
extends RefCounted
## The language the game is shown in and the fonts that draw it: the locale, and the CJK faces in
## the order that language wants (Han characters look different in each, so the face of the
## current language must win the fallback order).

const CJK_ORDER := {
	"ja": ["ja", "zh_CN", "zh_TW", "ko"],
	"zh_CN": ["zh_CN", "zh_TW", "ja", "ko"],
	"zh_TW": ["zh_TW", "zh_CN", "ja", "ko"],
	"ko": ["ko", "ja", "zh_CN", "zh_TW"],
}
const CJK_FONTS := {
	"ja": "res://fonts/NotoSansJP-Subset.otf",
	"zh_CN": "res://fonts/NotoSansSC-Subset.otf",
	"zh_TW": "res://fonts/NotoSansTC-Subset.otf",
	"ko": "res://fonts/NotoSansKR-Subset.otf",
}
const UI_THEME := "res://theme/main_theme.tres"


## Shows the game in `locale` (a language code or a device locale such as zh_Hant_TW).
static func apply(locale: String) -> void:
	TranslationServer.set_locale(locale)
	# The face follows the strings the player sees: the translation the server chose for the
	# locale (iOS says zh_Hans_CN / zh_Hant_TW, Android zh_HK or plain zh: matching the locale
	# name itself gave all of those Japanese Han shapes).
	var shown := TranslationServer.get_translation_object(TranslationServer.get_locale())
	var language: String = shown.locale if shown != null else ""
	var order: Array = CJK_ORDER.get(language, CJK_ORDER["ja"])
	var fallbacks: Array[Font] = []
	for face in order:
		fallbacks.append(load(CJK_FONTS[face]))
	var theme: Theme = load(UI_THEME)
	theme.default_font.fallbacks = fallbacks


## The theme's font (with the CJK fallbacks in the current language's order), for Label3D.
static func font() -> Font:
	var theme: Theme = load(UI_THEME)
	return theme.default_font
