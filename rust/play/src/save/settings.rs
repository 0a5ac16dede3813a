//! Player settings and how a caller (the GDScript adapter) changes one by name, with validation.

use super::error::SaveError;
use serde::{Deserialize, Serialize};

/// The languages the game ships (Godot locale codes, as in the translation file's header; the
/// static checks compare the two).
pub const LANGUAGES: [&str; 6] = ["en", "tr", "ja", "zh_CN", "zh_TW", "ko"];

/// Player settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// A Godot locale code from [`LANGUAGES`]; empty = follow the device.
    pub language: String,
    /// Draw a pattern on each screw so colours never carry meaning alone.
    pub colorblind_patterns: bool,
    pub sound: bool,
    pub haptics: bool,
    /// Replace flights, spins and swings by short fades (motion sensitivity, low-end phones).
    pub reduce_motion: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            language: String::new(),
            colorblind_patterns: false,
            sound: true,
            haptics: true,
            reduce_motion: false,
        }
    }
}

/// A setting's new value as the adapter receives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingValue {
    Text(String),
    Flag(bool),
}

impl Settings {
    /// A language this build does not ship (a newer build's, a hand edit) is not damage: the game
    /// follows the device's language instead, and every other setting and all progress stay.
    pub fn forget_unknown_language(&mut self) {
        if !LANGUAGES.contains(&self.language.as_str()) {
            self.language.clear();
        }
    }

    /// Change the setting called `key`. Unknown keys, wrong value types and unknown languages are
    /// typed errors, so a typo in a script shows up instead of being saved.
    pub fn set(&mut self, key: &str, value: SettingValue) -> Result<(), SaveError> {
        match (key, value) {
            ("language", SettingValue::Text(lang)) => {
                if !lang.is_empty() && !LANGUAGES.contains(&lang.as_str()) {
                    return Err(SaveError::Invalid(format!("unknown language {lang:?}")));
                }
                self.language = lang;
            }
            ("colorblind_patterns", SettingValue::Flag(on)) => self.colorblind_patterns = on,
            ("sound", SettingValue::Flag(on)) => self.sound = on,
            ("haptics", SettingValue::Flag(on)) => self.haptics = on,
            ("reduce_motion", SettingValue::Flag(on)) => self.reduce_motion = on,
            (key, value) => {
                return Err(SaveError::Invalid(format!(
                    "no setting {key:?} takes {value:?}"
                )))
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_change_by_name_with_validation() {
        let mut s = Settings::default();
        s.set("language", SettingValue::Text("ko".into())).unwrap();
        s.set("sound", SettingValue::Flag(false)).unwrap();
        s.set("colorblind_patterns", SettingValue::Flag(true))
            .unwrap();
        s.set("haptics", SettingValue::Flag(false)).unwrap();
        s.set("reduce_motion", SettingValue::Flag(true)).unwrap();
        assert_eq!(
            s,
            Settings {
                language: "ko".into(),
                colorblind_patterns: true,
                sound: false,
                haptics: false,
                reduce_motion: true
            }
        );
        s.set("language", SettingValue::Text(String::new()))
            .unwrap();
        assert_eq!(s.language, "");
        for (key, value) in [
            ("language", SettingValue::Text("xx".into())),
            ("language", SettingValue::Flag(true)),
            ("sound", SettingValue::Text("on".into())),
            ("volume", SettingValue::Flag(true)),
            ("reduce_motion", SettingValue::Text("yes".into())),
        ] {
            assert!(matches!(
                s.clone().set(key, value),
                Err(SaveError::Invalid(_))
            ));
        }
    }
}
