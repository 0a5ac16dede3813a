//! Every `#[func]` of every class counts itself (`calls::count()` as its first statement), so the
//! board benchmark's "extension calls per tap" is every call GDScript makes, not the ones someone
//! remembered to count. The only exception is the counter's own reader, `extension_calls`.

use std::path::Path;

/// The functions under a `#[func]` in `source` whose body does not start with a count, by name.
fn uncounted(source: &str) -> Vec<String> {
    let lines: Vec<&str> = source.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.trim() != "#[func]" {
            continue;
        }
        // The signature runs until the line that opens the body.
        let Some(open) = (i + 1..lines.len()).find(|&j| lines[j].trim_end().ends_with('{')) else {
            out.push(format!("#[func] at line {} has no body", i + 1));
            continue;
        };
        let signature = lines[i + 1..=open].join(" ");
        let name = signature
            .split("fn ")
            .nth(1)
            .and_then(|rest| rest.split('(').next())
            .unwrap_or("?")
            .trim()
            .to_string();
        let first = lines.get(open + 1).map_or("", |l| l.trim());
        if name != "extension_calls" && !first.ends_with("calls::count();") {
            out.push(name);
        }
    }
    out
}

#[test]
fn every_func_counts_its_call() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    let mut funcs = 0;
    let mut files: Vec<_> = std::fs::read_dir(&src)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        funcs += text.matches("#[func]").count();
        for name in uncounted(&text) {
            found.push(format!("{}: {name}", file.display()));
        }
    }
    assert!(
        funcs > 50,
        "found only {funcs} #[func]s: is the source where it was?"
    );
    assert!(
        found.is_empty(),
        "#[func]s that do not count their call:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_sees_a_func_that_forgets_to_count() {
    let source = r#"
    #[func]
    fn counted(&self) -> i64 {
        crate::calls::count();
        1
    }

    #[func]
    fn forgot(
        &self,
        x: i64,
    ) -> i64 {
        x
    }

    #[func]
    fn extension_calls() -> i64 {
        0
    }
"#;
    assert_eq!(uncounted(source), ["forgot"]);
}
