//! The devices the readability audit measures on (`data/devices.json`, compiled in): real phone
//! resolutions from 720×1600 to 1290×2796 and a tablet, each with its safe-area insets, its density
//! (pixels per dp on Android, per pt on iOS) and its pixel density (for millimetres).

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::camera::Insets;
use super::palette::DataError;

/// The device file, compiled in.
pub const DEVICES_JSON: &str = include_str!("../data/devices.json");

/// Whose touch-target guideline applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    Android,
    Ios,
}

impl Platform {
    /// The platform's minimum touch target: Material's 48 dp, Apple's 44 pt.
    pub fn guideline(self) -> f64 {
        match self {
            Platform::Android => 48.0,
            Platform::Ios => 44.0,
        }
    }

    /// "dp" or "pt".
    pub fn unit(self) -> &'static str {
        match self {
            Platform::Android => "dp",
            Platform::Ios => "pt",
        }
    }
}

/// One device, portrait.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Device {
    pub name: String,
    pub platform: Platform,
    pub width: u32,
    pub height: u32,
    /// Pixels per dp / pt.
    pub scale: f64,
    /// Pixels per inch.
    pub ppi: f64,
    pub insets: Insets,
}

impl Device {
    /// A pixel length in dp / pt.
    pub fn to_points(&self, px: f64) -> f64 {
        px / self.scale
    }

    /// A pixel length in millimetres.
    pub fn to_mm(&self, px: f64) -> f64 {
        px / self.ppi * 25.4
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeviceFile {
    #[allow(dead_code)]
    about: String,
    devices: Vec<Device>,
}

/// Parses a device file.
pub fn parse_devices(text: &str) -> Result<Vec<Device>, DataError> {
    let file: DeviceFile =
        serde_json::from_str(text).map_err(|e| DataError::Json(e.to_string()))?;
    Ok(file.devices)
}

/// The compiled-in device list (its parse is checked by a unit test).
pub fn devices() -> &'static [Device] {
    static DEVICES: OnceLock<Vec<Device>> = OnceLock::new();
    DEVICES.get_or_init(|| parse_devices(DEVICES_JSON).expect("data/devices.json is tested"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_s_resolutions_are_all_there() {
        let list = parse_devices(DEVICES_JSON).expect("devices.json");
        for (w, h) in [
            (720, 1600),
            (1080, 2340),
            (1080, 2400),
            (1170, 2532),
            (1179, 2556),
            (1284, 2778),
            (1290, 2796),
            (1620, 2160),
        ] {
            assert!(
                list.iter().any(|d| d.width == w && d.height == h),
                "{w}x{h}"
            );
        }
        for d in &list {
            assert!(d.scale >= 1.0 && d.ppi > 100.0, "{}", d.name);
            assert!(d.insets.top + d.insets.bottom < d.height as f64 / 4.0);
        }
    }

    #[test]
    fn sizes_convert() {
        let d = &devices()[3];
        assert_eq!(d.platform, Platform::Ios);
        assert_eq!(d.to_points(132.0), 44.0);
        assert!((d.to_mm(460.0) - 25.4).abs() < 1e-9);
    }
}
