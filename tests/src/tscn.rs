//! Reads Godot's text resource format (`.tscn`, `.tres`) far enough for the checks: section headers
//! with their attributes, `key = value` properties, nodes with their paths and scripts, connections.

use std::collections::BTreeMap;

/// One `[kind attr="…" …]` section and the `key = value` lines under it.
#[derive(Debug, Clone)]
pub struct Section {
    pub kind: String,
    pub attrs: BTreeMap<String, String>,
    pub props: Vec<(String, String)>,
}

/// A node of a scene, with its path from the root ("." for the root itself).
#[derive(Debug, Clone)]
pub struct Node {
    pub path: String,
    pub type_name: String,
    /// `res://` path of the attached script, if any.
    pub script: Option<String>,
    pub props: Vec<(String, String)>,
}

/// `[connection signal=… from=… to=… method=…]`.
#[derive(Debug, Clone)]
pub struct Connection {
    pub signal: String,
    pub from: String,
    pub to: String,
    pub method: String,
}

#[derive(Debug, Clone)]
pub struct Resource {
    pub sections: Vec<Section>,
}

impl Resource {
    pub fn parse(text: &str) -> Resource {
        let mut sections: Vec<Section> = Vec::new();
        for line in text.lines() {
            let line = line.trim_end();
            if let Some(header) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                let (kind, rest) = header.split_once(' ').unwrap_or((header, ""));
                sections.push(Section {
                    kind: kind.to_string(),
                    attrs: parse_attrs(rest),
                    props: Vec::new(),
                });
            } else if let (Some(section), Some((key, value))) =
                (sections.last_mut(), line.split_once(" = "))
            {
                section
                    .props
                    .push((key.trim().to_string(), value.trim().to_string()));
            }
        }
        Resource { sections }
    }

    /// `id` → `path` of every `[ext_resource]`.
    pub fn ext_resources(&self) -> BTreeMap<String, String> {
        self.of_kind("ext_resource")
            .filter_map(|s| Some((s.attrs.get("id")?.clone(), s.attrs.get("path")?.clone())))
            .collect()
    }

    pub fn nodes(&self) -> Vec<Node> {
        let ext = self.ext_resources();
        self.of_kind("node")
            .map(|s| {
                let name = s.attrs.get("name").cloned().unwrap_or_default();
                let path = match s.attrs.get("parent").map(String::as_str) {
                    None => ".".to_string(),
                    Some(".") => name,
                    Some(parent) => format!("{parent}/{name}"),
                };
                let script = s
                    .props
                    .iter()
                    .find(|(k, _)| k == "script")
                    .and_then(|(_, v)| ext_id(v))
                    .and_then(|id| ext.get(&id).cloned());
                Node {
                    path,
                    type_name: s.attrs.get("type").cloned().unwrap_or_default(),
                    script,
                    props: s.props.clone(),
                }
            })
            .collect()
    }

    pub fn connections(&self) -> Vec<Connection> {
        self.of_kind("connection")
            .map(|s| {
                let get = |k: &str| s.attrs.get(k).cloned().unwrap_or_default();
                Connection {
                    signal: get("signal"),
                    from: get("from"),
                    to: get("to"),
                    method: get("method"),
                }
            })
            .collect()
    }

    /// Every section of one kind (`"ext_resource"`, `"node"`, …), in file order.
    pub fn of_kind<'a>(&'a self, kind: &'a str) -> impl Iterator<Item = &'a Section> + 'a {
        self.sections.iter().filter(move |s| s.kind == kind)
    }
}

/// `ExtResource("1_menu")` → `1_menu`.
fn ext_id(value: &str) -> Option<String> {
    let inner = value.strip_prefix("ExtResource(\"")?.strip_suffix("\")")?;
    Some(inner.to_string())
}

/// `a="x" b=3` → {a: x, b: 3}.
fn parse_attrs(text: &str) -> BTreeMap<String, String> {
    let mut attrs = BTreeMap::new();
    let mut rest = text.trim();
    while let Some((key, after)) = rest.split_once('=') {
        let (value, tail) = if let Some(quoted) = after.strip_prefix('"') {
            let end = quoted.find('"').unwrap_or(quoted.len());
            (&quoted[..end], quoted.get(end + 1..).unwrap_or(""))
        } else {
            after.split_once(' ').unwrap_or((after, ""))
        };
        attrs.insert(key.trim().to_string(), value.to_string());
        rest = tail.trim();
    }
    attrs
}

/// A quoted property value without its quotes (`"KEY"` → `KEY`), or `None` for other values.
pub fn string_value(value: &str) -> Option<&str> {
    value.strip_prefix('"')?.strip_suffix('"')
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCENE: &str = r#"[gd_scene load_steps=2 format=3]

[ext_resource type="Script" path="res://scripts/x.gd" id="1_x"]

[node name="Root" type="Control"]
script = ExtResource("1_x")

[node name="Box" type="VBoxContainer" parent="."]

[node name="Go" type="Button" parent="Box"]
text = "KEY_GO"

[connection signal="pressed" from="Box/Go" to="." method="_on_go"]
"#;

    #[test]
    fn reads_nodes_scripts_and_connections() {
        let scene = Resource::parse(SCENE);
        let nodes = scene.nodes();
        let paths: Vec<_> = nodes.iter().map(|n| n.path.as_str()).collect();
        assert_eq!(paths, [".", "Box", "Box/Go"]);
        assert_eq!(nodes[0].script.as_deref(), Some("res://scripts/x.gd"));
        assert_eq!(nodes[2].props[0].1, "\"KEY_GO\"");
        let c = &scene.connections()[0];
        assert_eq!(
            (c.from.as_str(), c.to.as_str(), c.method.as_str()),
            ("Box/Go", ".", "_on_go")
        );
    }
}
