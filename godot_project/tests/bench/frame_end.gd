extends Node
## Processes after every other node (highest priority number): its _process ends the frame's work.
## The engine benchmarks (board_bench.gd, hint_bench.gd) time a frame's work up to its signal.

signal ended


func _init() -> void:
	process_priority = 1 << 30


func _process(_delta: float) -> void:
	ended.emit()
