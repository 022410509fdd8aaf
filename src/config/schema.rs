//! robolint.toml's JSON schema, for editors (taplo, Even Better TOML) to complete and check
//! the file: generated from the configuration's serde types, with what those types take as
//! plain strings or tables (targets, levels, rules and their options) filled in from the
//! data robolint checks them against, so the schema and the checks cannot disagree.
//! `docs/robolint.schema.json` is this schema, written out; a test keeps the two equal.

use schemars::{json_schema, Schema, SchemaGenerator};
use serde_json::{Map, Value};

use super::RawConfig;
use crate::dialect::Dialect;
use crate::rules::{self, Level, OptionSpec, Rule};

/// Where the schema is published, for the `$id` and for `#:schema` directives.
pub const SCHEMA_URL: &str = "https://raw.githubusercontent.com/robolint/robolint/main/docs/robolint.schema.json";

/// The schema as pretty-printed JSON with a final line end: the text of
/// `docs/robolint.schema.json`.
pub fn json_schema() -> String {
    let mut schema = schemars::schema_for!(RawConfig);
    schema.insert("$id".into(), SCHEMA_URL.into());
    // TOML has no null: a file leaves a setting out by leaving out its key, so the null that
    // schemars allows an `Option` (and gives as its default) is taken out.
    if let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) {
        for property in properties.values_mut().filter_map(Value::as_object_mut) {
            if property.get("default") == Some(&Value::Null) {
                property.remove("default");
            }
            if let Some(Value::Array(kinds)) = property.get_mut("type") {
                kinds.retain(|kind| kind != "null");
                if let [kind] = kinds.as_slice() {
                    let kind = kind.clone();
                    property.insert("type".into(), kind);
                }
            }
        }
    }
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}

/// `target`: one name or a list, each a dialect, `today` or `portable` (`all` is its alias).
pub(super) fn targets(_: &mut SchemaGenerator) -> Schema {
    let names: Vec<&str> =
        Dialect::ALL.iter().map(|dialect| dialect.name()).chain(["today", "portable", "all"]).collect();
    json_schema!({
        "anyOf": [
            { "enum": names },
            { "type": "array", "items": { "enum": names } },
        ]
    })
}

/// `fail-on`: a severity, or `never`.
pub(super) fn fail_on(_: &mut SchemaGenerator) -> Schema {
    let values: Vec<&str> =
        [Level::Info, Level::Warning, Level::Error].map(Level::as_str).into_iter().chain(["never"]).collect();
    json_schema!({ "enum": values })
}

/// `[rules]`: every rule by name, with its options, and any other selector (a code, a code
/// prefix, a category, `ALL`) with a level or a table.
pub(super) fn rules(generator: &mut SchemaGenerator) -> Schema {
    let level = generator.subschema_for::<Level>();
    let mut properties = Map::new();
    for rule in rules::all() {
        let metadata = rule.metadata();
        let mut table = options(&metadata.options);
        table.insert("severity".into(), level.clone().into());
        let setting = json_schema!({
            "description": metadata.summary,
            "anyOf": [
                level,
                { "type": "object", "properties": table, "additionalProperties": false },
            ]
        });
        properties.insert(metadata.name.clone(), setting.into());
    }
    json_schema!({
        "type": "object",
        "properties": properties,
        "additionalProperties": {
            "anyOf": [
                level,
                { "type": "object", "properties": { "severity": level } },
            ]
        }
    })
}

/// `[policy]`: the options of rule `crawler-policy`.
pub(super) fn policy(_: &mut SchemaGenerator) -> Schema {
    let properties = options(&Rule::CrawlerPolicy.metadata().options);
    json_schema!({ "type": "object", "properties": properties, "additionalProperties": false })
}

/// `[[agent]]`: registry entries, checked key by key when the registry reads them.
pub(super) fn agents(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "array",
        "items": {
            "type": "object",
            "properties": { "token": { "type": "string" }, "purpose": { "type": "string" } },
            "required": ["token"],
        }
    })
}

/// A rule's options, each with its documentation, its default, and the type its default has.
fn options(options: &std::collections::BTreeMap<String, OptionSpec>) -> Map<String, Value> {
    options
        .iter()
        .map(|(key, spec)| {
            let default = serde_json::to_value(&spec.default).unwrap_or(Value::Null);
            let mut schema = json_schema!({ "description": spec.doc, "default": default });
            if let Some(kind) = json_type(&spec.default) {
                schema.insert("type".into(), kind.into());
            }
            // A list takes items of the kind its default holds.
            if let Some(kind) = spec.default.as_array().and_then(|items| items.first()).and_then(json_type) {
                schema.insert("items".into(), json_schema!({ "type": kind }).into());
            }
            (key.clone(), schema.into())
        })
        .collect()
}

/// The JSON type of a TOML value; none for a date, which a JSON schema cannot say.
fn json_type(value: &toml::Value) -> Option<&'static str> {
    Some(match value {
        toml::Value::String(_) => "string",
        toml::Value::Integer(_) => "integer",
        toml::Value::Float(_) => "number",
        toml::Value::Boolean(_) => "boolean",
        toml::Value::Array(_) => "array",
        toml::Value::Table(_) => "object",
        toml::Value::Datetime(_) => return None,
    })
}
