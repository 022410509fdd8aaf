//! The official SARIF 2.1.0 schema, for the tests that check `--format sarif` logs against it
//! (the lint's in tests/it/formats.rs, the diff's in tests/it/diff.rs). The including crate also
//! includes `support/shared.rs` as `shared`.

use serde_json::{json, Value};

/// The official schema, from `../shared` beside the project; `None` (after saying so) where
/// that folder is absent, as in a bare checkout.
pub fn sarif_validator() -> Option<jsonschema::Validator> {
    let path = super::shared::path("schemas/sarif-schema-2.1.0.json")?;
    let text = std::fs::read_to_string(&path).expect("the SARIF schema is readable");
    let mut schema: Value = serde_json::from_str(&text).expect("the SARIF schema is JSON");
    mend_language_patterns(&mut schema);
    // Draft-07 asserts formats (`uri` included) by default; saying so keeps them checked
    // should that default move.
    Some(jsonschema::options().should_validate_formats(true).build(&schema).expect("the SARIF schema compiles"))
}

/// The published `language` patterns end in a stray `]` (SARIF 2.1.0 erratum,
/// oasis-tcs/sarif-spec#488) that Unicode-mode regular expressions reject, so the schema
/// does not compile as published. robolint writes no `language`; the patterns are mended in
/// memory to what they mean, and the rest of the schema is used as published.
fn mend_language_patterns(schema: &mut Value) {
    const PUBLISHED: &str = "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$";
    match schema {
        Value::Object(members) => {
            for (key, value) in members {
                if key == "pattern" && *value == PUBLISHED {
                    *value = json!("^[a-zA-Z]{2}(-[a-zA-Z]{2})?$");
                } else {
                    mend_language_patterns(value);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(mend_language_patterns),
        _ => {}
    }
}

pub fn schema_errors(validator: &jsonschema::Validator, log: &Value) -> Vec<String> {
    validator.iter_errors(log).map(|error| format!("{} at {}", error, error.instance_path())).collect()
}
