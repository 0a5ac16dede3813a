class_name BoardSounds
extends Node
## The board's sounds, synthesised here when the board opens (no audio files: nothing to license,
## nothing to import; origin: this script, same licence as the game's code). Each event has its own
## short sound: a ratcheting squeak for the unscrew, the wrench's heavier ratchet for a bolt, a
## wooden knock for a crate, a metal clink for the rail, a two-tone chime for a seal, a falling
## whoosh for a panel, an arpeggio for a win, a chime per star popping in on the win panel, a
## falling buzz for a loss, a dull thud for a refused tap, a click and ring for a lock that opens,
## a double beep for a bomb at 1–2 moves, a rumbling blast for one that goes off. Played only while
## the "sound" setting is on; at most one voice per sound (a fast tap restarts it).

const RATE := 22050
## name: [[frequency Hz, start s, length s, shape], ...] with shape sine / square / noise / glide.
const RECIPES := {
	"unscrew":
	[
		[1800.0, 0.0, 0.025, "square"],
		[2100.0, 0.035, 0.025, "square"],
		[2400.0, 0.07, 0.03, "square"]
	],
	"rusty": [[700.0, 0.0, 0.05, "square"], [520.0, 0.06, 0.06, "square"]],
	"bolt":
	[
		[950.0, 0.0, 0.02, "square"],
		[950.0, 0.045, 0.02, "square"],
		[950.0, 0.09, 0.02, "square"],
		[1400.0, 0.13, 0.03, "square"],
		[240.0, 0.0, 0.16, "noise"]
	],
	"crate": [[180.0, 0.0, 0.09, "sine"], [360.0, 0.0, 0.04, "noise"]],
	"rail": [[2600.0, 0.0, 0.08, "sine"], [3900.0, 0.0, 0.05, "sine"]],
	"seal": [[880.0, 0.0, 0.09, "sine"], [1320.0, 0.07, 0.14, "sine"]],
	"fall": [[900.0, 0.0, 0.3, "glide"], [0.0, 0.0, 0.25, "noise"]],
	"win":
	[
		[523.0, 0.0, 0.1, "sine"],
		[659.0, 0.09, 0.1, "sine"],
		[784.0, 0.18, 0.1, "sine"],
		[1047.0, 0.27, 0.2, "sine"]
	],
	"lose": [[330.0, 0.0, 0.35, "glide"], [165.0, 0.0, 0.35, "square"]],
	"invalid": [[110.0, 0.0, 0.07, "square"]],
	"unlock": [[1600.0, 0.0, 0.03, "square"], [2400.0, 0.05, 0.06, "sine"]],
	"bomb": [[1250.0, 0.0, 0.07, "square"], [1250.0, 0.12, 0.07, "square"]],
	"star": [[1568.0, 0.0, 0.12, "sine"], [2093.0, 0.05, 0.16, "sine"]],
	"boom": [[120.0, 0.0, 0.45, "glide"], [0.0, 0.0, 0.4, "noise"], [55.0, 0.0, 0.5, "sine"]],
}
const VOLUME_DB := -6.0

var _players := {}
var _silent := DisplayServer.get_name() == "headless"


## The one BoardSounds of the running game, made (and its sounds rendered) on first use. It lives
## beside the App under the root, not in the board: a board left mid-sound (retry, next level) would
## free a playback the mixer still holds, which the engine reports as leaked at exit.
static func shared(tree: SceneTree) -> BoardSounds:
	var found := tree.root.get_node_or_null("BoardSounds") as BoardSounds
	if found == null:
		found = BoardSounds.new()
		found.name = "BoardSounds"
		tree.root.add_child(found)
	return found


func _ready() -> void:
	for key in RECIPES:
		var player := AudioStreamPlayer.new()
		player.stream = synth(RECIPES[key])
		player.volume_db = VOLUME_DB
		add_child(player)
		_players[key] = player


## Plays the sound called `key` (unknown names are ignored) when the player has sound on. Not on
## a headless run: nothing can hear it, and a playback the dummy mixer still holds when the engine
## quits is reported as leaked (engine tests quit right after their last tap).
func play(key: String) -> void:
	if App.setting("sound") != true or not _players.has(key) or _silent:
		return
	_players[key].play()


## Renders one recipe to a 16-bit mono AudioStreamWAV: every partial with a fast attack and an
## exponential decay, summed, clipped.
static func synth(partials: Array) -> AudioStreamWAV:
	var length := 0.0
	for p in partials:
		length = maxf(length, p[1] + p[2])
	var count := int(length * RATE) + 1
	var samples := PackedFloat32Array()
	samples.resize(count)
	var noise := 0x2545F491
	for p in partials:
		var first := int(p[1] * RATE)
		var span := maxi(1, int(p[2] * RATE))
		var phase := 0.0
		for i in span:
			var t := float(i) / RATE
			var k := float(i) / span
			var freq: float = p[0] * (1.0 - 0.6 * k if p[3] == "glide" else 1.0)
			phase += TAU * freq / RATE
			var wave := sin(phase)
			match p[3]:
				"square":
					wave = signf(wave) * 0.5
				"noise":
					# xorshift32: the same sound on every device.
					noise ^= (noise << 13) & 0xFFFFFFFF
					noise ^= noise >> 17
					noise ^= (noise << 5) & 0xFFFFFFFF
					wave = float(noise & 0xFFFF) / 32768.0 - 1.0
			var envelope := minf(1.0, t * 400.0) * exp(-4.0 * k)
			samples[first + i] += wave * envelope * 0.5
	var bytes := PackedByteArray()
	bytes.resize(count * 2)
	for i in count:
		bytes.encode_s16(i * 2, int(clampf(samples[i], -1.0, 1.0) * 32767.0))
	var wav := AudioStreamWAV.new()
	wav.format = AudioStreamWAV.FORMAT_16_BITS
	wav.mix_rate = RATE
	wav.stereo = false
	wav.data = bytes
	return wav
