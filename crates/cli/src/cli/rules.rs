//! `robolint rule` and `robolint rules`: the rules' documentation and their list.

use std::io::{self, Write};

use clap::ValueEnum;

use robolint::dialect::Dialect;
use robolint::rules::{self, Rule};

use super::cannot_write;
use super::CliError;

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    /// A table.
    Human,
    /// An array of objects, one a rule, with every metadata field.
    Json,
}

/// The dialects `--target` names, today's robots when it names none.
fn targets_of(names: &[String]) -> Result<Vec<Dialect>, CliError> {
    let targets = robolint::config::parse_targets(names)?;
    Ok(if targets.is_empty() { Dialect::TODAY.to_vec() } else { targets })
}

pub fn print_rules(format: ListFormat, target: &[String]) -> Result<u8, CliError> {
    let targets = targets_of(target)?;
    let mut rules: Vec<&Rule> = rules::all().iter().collect();
    rules.sort_by(|a, b| a.code().cmp(b.code()));
    if format == ListFormat::Json {
        let metadata: Vec<&rules::Metadata> = rules.iter().map(|rule| rule.metadata()).collect();
        let mut out = io::stdout().lock();
        serde_json::to_writer_pretty(&mut out, &metadata).map_err(|error| cannot_write(error.into()))?;
        writeln!(out).map_err(cannot_write)?;
        return Ok(0);
    }
    // What a run for the targets reports (today's robots by default), marked `*` where a
    // finding's evidence may move it, and what `--target portable` reports.
    let level = |rule: &Rule, dialects: &[Dialect]| {
        let metadata = rule.metadata();
        if metadata.default_enabled {
            metadata.level_for_targets(dialects).as_str()
        } else {
            "off"
        }
    };
    let default_level = |rule: &Rule| {
        let moved = if rule.metadata().evidence.is_some() { "*" } else { "" };
        format!("{}{moved}", level(rule, &targets))
    };
    let portable_level = |rule: &Rule| level(rule, &Dialect::ALL);
    let width = |header: &str, cell: &dyn Fn(&Rule) -> usize| {
        rules.iter().map(|rule| cell(rule)).max().unwrap_or(0).max(header.len())
    };
    let code_width = width("CODE", &|rule| rule.code().len());
    let name_width = width("NAME", &|rule| rule.name().len());
    let default_width = width("TARGET", &|rule| default_level(rule).len());
    let portable_width = width("PORTABLE", &|rule| portable_level(rule).len());
    let category_width = width("CATEGORY", &|rule| rule.category().as_str().len());
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut row = |cells: [&str; 6]| {
        writeln!(
            out,
            "{:<code_width$} {:<name_width$} {:<default_width$} {:<portable_width$} {:<category_width$} {}",
            cells[0], cells[1], cells[2], cells[3], cells[4], cells[5]
        )
    };
    row(["CODE", "NAME", "TARGET", "PORTABLE", "CATEGORY", "SUMMARY"]).map_err(cannot_write)?;
    for rule in rules {
        let metadata = rule.metadata();
        row([
            &metadata.code,
            &metadata.name,
            &default_level(rule),
            portable_level(rule),
            metadata.category.as_str(),
            &metadata.summary,
        ])
        .map_err(cannot_write)?;
    }
    writeln!(
        out,
        "\nTARGET is {}. * marks a level a finding's evidence may move (`robolint rule NAME` says how).",
        rules::targets_label(&targets)
    )
    .map_err(cannot_write)?;
    out.flush().map_err(cannot_write)?;
    Ok(0)
}

pub fn print_rule(code_or_name: &str, target: &[String]) -> Result<u8, CliError> {
    let targets = targets_of(target)?;
    let rule = rules::find(code_or_name).ok_or_else(|| {
        let suggestion =
            rules::closest_name(code_or_name).map(|name| format!(": did you mean `{name}`?")).unwrap_or_default();
        format!("no rule `{code_or_name}`{suggestion} (see `robolint rules`)")
    })?;
    io::stdout().lock().write_all(rule.metadata().documentation(&targets).as_bytes()).map_err(cannot_write)?;
    Ok(0)
}
