extends RefCounted
## One picture of the running game for docs/screenshots/ (shoot.gd, hint_shots.gd): what is still
## moving jumps to its end, the next frames are drawn, and the window is saved as
## NAME_LANG_SCREEN.png in the --out folder.

const Driver := preload("res://tests/e2e/driver.gd")


## Saves the window as `screen`'s picture; false (and a failure) when it could not be written.
static func take(d: Driver, screen: String) -> bool:
	# A still shows where things are, not a screw caught mid-flight.
	var animator := d.node("Animator")
	if animator != null:
		animator.finish()
	var image := await drawn(d, 4)
	d.check(
		image.get_size() == d.tree.root.size,
		"%s: %s, window %s" % [screen, image.get_size(), d.tree.root.size]
	)
	return save(d, image, screen)


## Saves the window as it is now, mid-animation (take would finish the animation first), as
## `screen`'s picture.
static func now(d: Driver, screen: String) -> bool:
	return save(d, await drawn(d, 2), screen)


## Writes `image` as `screen`'s picture, NAME_LANG_SCREEN.png in the --out folder; false (and a
## failure) when it could not be written.
static func save(d: Driver, image: Image, screen: String) -> bool:
	var name := "%s_%s_%s.png" % [Driver.user_arg("name"), Driver.user_arg("lang"), screen]
	var path := Driver.user_arg("out").path_join(name)
	return d.check(image.save_png(path) == OK, "could not write %s" % path)


## The window after `frames` more frames are drawn, as it is now (nothing is finished first).
## Low-processor mode draws only when something changed: a still screen would never reach
## frame_post_draw and the picture would wait forever, so the mode is off while it is taken.
static func drawn(d: Driver, frames: int) -> Image:
	var low_processor := OS.low_processor_usage_mode
	OS.low_processor_usage_mode = false
	await d.frames(frames)
	await RenderingServer.frame_post_draw
	OS.low_processor_usage_mode = low_processor
	return d.tree.root.get_texture().get_image()
