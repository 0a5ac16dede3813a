extends RefCounted
## Frames of a held animation set side by side in one picture (motion_strip.gd, view_shots.gd): each
## frame is the rendered window scaled down; the strip is the frames left to right on a dark ground.

const GAP := 6


## The window as drawn now, scaled by `factor`.
static func grab(tree: SceneTree, factor: float) -> Image:
	var image := tree.root.get_texture().get_image()
	image.resize(
		int(image.get_width() * factor), int(image.get_height() * factor), Image.INTERPOLATE_LANCZOS
	)
	return image


## `frames` (all one size) left to right, GAP pixels apart.
static func join(frames: Array[Image]) -> Image:
	var w := frames[0].get_width()
	var h := frames[0].get_height()
	var strip := Image.create(frames.size() * (w + GAP) - GAP, h, false, frames[0].get_format())
	strip.fill(Color(0.08, 0.08, 0.1))
	for i in frames.size():
		strip.blit_rect(frames[i], Rect2i(0, 0, w, h), Vector2i(i * (w + GAP), 0))
	return strip
