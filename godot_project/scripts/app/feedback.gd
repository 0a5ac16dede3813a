class_name Feedback
extends Node
## What a touch sounds and feels like: a short click (a generated tone: the game ships no audio
## files, and the player is made at the first click) and a buzz. The caller says whether the
## player has sound or haptics on.

var _click_player: AudioStreamPlayer = null


func click(sound_on: bool) -> void:
	if not sound_on:
		return
	if _click_player == null:
		_click_player = AudioStreamPlayer.new()
		_click_player.stream = _click_stream()
		add_child(_click_player)
	_click_player.play()


func buzz(haptics_on: bool, ms: int) -> void:
	if haptics_on:
		Input.vibrate_handheld(ms)


static func _click_stream() -> AudioStreamWAV:
	var rate := 22050
	var samples := PackedByteArray()
	samples.resize(rate / 40)
	for i in samples.size():
		var fade := 1.0 - float(i) / samples.size()
		# 8-bit WAV data is signed: store the two's complement byte.
		samples[i] = int(90.0 * fade * sin(i * TAU * 880.0 / rate)) & 0xFF
	var wav := AudioStreamWAV.new()
	wav.format = AudioStreamWAV.FORMAT_8_BITS
	wav.mix_rate = rate
	wav.data = samples
	return wav
