//! `robolint._robolint`: the library's lint, fix, matcher and registry for Python. The
//! package `robolint` (python/robolint/) re-exports what is here and documents it in its
//! stubs. Every call reads its arguments while holding the GIL, then lets it go for the work
//! itself, and builds Python objects again holding it: other Python threads run meanwhile.

use std::collections::HashMap;
use std::fs::File;
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};

use robolint::agents::Registry;
use robolint::config::{self, Config};
use robolint::diagnostic::Applicability;
use robolint::dialect::{Dialect, Matcher};
use robolint::model::Document;
use robolint::render::json;
use robolint::render::Linted;
use robolint::{parse, warc, Linter, Settings, Source};

/// The name findings carry as their file when the text came from Python.
const TEXT_NAME: &str = "robots.txt";

/// How many (robot, dialect) matchers one `Robots` keeps: a crawler asks as one or a few
/// robots, and a caller asking as thousands of names must not grow memory without bound.
const KEPT_MATCHERS: usize = 64;

/// A robots.txt as Python handed it: `str` is text already; `bytes` go through the source
/// stage, which finds the encoding (BOM, UTF-16, invalid UTF-8) as it does for a file.
fn source_of(value: &Bound<'_, PyAny>, argument: &str) -> PyResult<Source> {
    if let Ok(text) = value.cast::<PyString>() {
        // A str with lone surrogates has no UTF-8 form: Python raises UnicodeEncodeError, a
        // ValueError.
        return Ok(Source::from_bytes(text.to_cow()?.as_bytes()));
    }
    if let Ok(bytes) = value.cast::<PyBytes>() {
        return Ok(Source::from_bytes(bytes.as_bytes()));
    }
    if let Ok(bytes) = value.cast::<PyByteArray>() {
        return Ok(Source::from_bytes(&bytes.to_vec()));
    }
    Err(PyTypeError::new_err(format!(
        "{argument} must be str or bytes (the robots.txt), not {}",
        value.get_type().name()?
    )))
}

/// `None`, one string, or a sequence of strings: how `target`, `select` and `ignore` come.
fn strings(value: Option<&Bound<'_, PyAny>>, argument: &str) -> PyResult<Option<Vec<String>>> {
    let Some(value) = value.filter(|value| !value.is_none()) else {
        return Ok(None);
    };
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(Some(vec![text.to_cow()?.into_owned()]));
    }
    value.extract::<Vec<String>>().map(Some).map_err(|_| {
        let kind = value.get_type().name().map(|name| name.to_string()).unwrap_or_default();
        PyTypeError::new_err(format!("{argument} must be a str or a list of str, not {kind}"))
    })
}

/// `config`: the text of a robolint.toml (`str`), or the path of one (`os.PathLike`, such as
/// `pathlib.Path`). A path is read as `--config PATH` reads it; a text is checked the same way.
fn configuration(value: Option<&Bound<'_, PyAny>>) -> PyResult<Config> {
    let Some(value) = value.filter(|value| !value.is_none()) else {
        return Ok(Config::default());
    };
    let loaded = if let Ok(text) = value.cast::<PyString>() {
        Config::parse(&text.to_cow()?, Path::new(config::FILE_NAME))
    } else if let Ok(path) = value.extract::<PathBuf>() {
        Config::load(&path)
    } else {
        let kind = value.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "config must be the text of a robolint.toml (str) or its path (pathlib.Path), not {kind}"
        )));
    };
    loaded.map_err(|error| PyValueError::new_err(format!("{}: {}", error.path.display(), error.summary())))
}

/// The settings a lint runs with, built as the command line builds them: the configuration's,
/// then `target` and `select` replacing its own, `ignore` adding to its own.
fn settings(
    target: Option<&Bound<'_, PyAny>>,
    select: Option<&Bound<'_, PyAny>>,
    ignore: Option<&Bound<'_, PyAny>>,
    config: Option<&Bound<'_, PyAny>>,
) -> PyResult<Settings> {
    let mut settings = configuration(config)?.settings();
    if let Some(names) = strings(target, "target")? {
        settings.targets =
            config::parse_targets(&names).map_err(|unknown| PyValueError::new_err(unknown.to_string()))?;
    }
    if let Some(selectors) = strings(select, "select")? {
        settings.select = Some(selectors);
    }
    settings.ignore.extend(strings(ignore, "ignore")?.unwrap_or_default());
    settings.check_selectors().map_err(|unknown| PyValueError::new_err(unknown.to_string()))?;
    Ok(settings)
}

/// A place in the text: 1-based lines, and columns in characters (the end just past it).
#[pyclass(frozen, get_all, module = "robolint")]
#[derive(Clone, Debug)]
struct Edit {
    replacement: String,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
}

#[pymethods]
impl Edit {
    fn __repr__(&self) -> String {
        format!("Edit({}:{}-{}:{} -> {:?})", self.line, self.column, self.end_line, self.end_column, self.replacement)
    }
}

/// The fix a finding offers: what it does, `safe` or `unsafe`, and its edits.
#[pyclass(frozen, get_all, module = "robolint")]
#[derive(Clone, Debug)]
struct Fix {
    message: String,
    applicability: String,
    edits: Vec<Edit>,
}

#[pymethods]
impl Fix {
    fn __repr__(&self) -> String {
        format!("Fix({:?}, {}, {} edit(s))", self.message, self.applicability, self.edits.len())
    }
}

/// One finding, as `robolint --format json` writes it (docs/json-format.md).
#[pyclass(frozen, get_all, module = "robolint")]
#[derive(Clone, Debug)]
struct Finding {
    code: String,
    name: String,
    severity: String,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    message: String,
    help: Option<String>,
    notes: Vec<String>,
    affects: Vec<String>,
    fix: Option<Fix>,
    beyond_targets: bool,
}

#[pymethods]
impl Finding {
    fn __repr__(&self) -> String {
        format!(
            "Finding({} {} {} at {}:{}: {:?})",
            self.code, self.name, self.severity, self.line, self.column, self.message
        )
    }
}

/// Reads one finding back from the JSON the library renders, so the Python objects carry
/// exactly what `--format json` carries.
fn finding_from_json(value: &serde_json::Value) -> Option<Finding> {
    let text = |value: &serde_json::Value, key: &str| value.get(key)?.as_str().map(str::to_string);
    let number = |value: &serde_json::Value, key: &str| value.get(key)?.as_u64().and_then(|n| usize::try_from(n).ok());
    let texts = |key: &str| -> Vec<String> {
        let items = value.get(key).and_then(serde_json::Value::as_array);
        items.into_iter().flatten().filter_map(|item| item.as_str().map(str::to_string)).collect()
    };
    let fix = value.get("fix").filter(|fix| !fix.is_null()).and_then(|fix| {
        let edits = fix.get("edits")?.as_array()?.iter().map(|edit| {
            Some(Edit {
                replacement: text(edit, "replacement")?,
                line: number(edit, "line")?,
                column: number(edit, "column")?,
                end_line: number(edit, "end_line")?,
                end_column: number(edit, "end_column")?,
            })
        });
        Some(Fix {
            message: text(fix, "message")?,
            applicability: text(fix, "applicability")?,
            edits: edits.collect::<Option<Vec<Edit>>>()?,
        })
    });
    Some(Finding {
        code: text(value, "code")?,
        name: text(value, "name")?,
        severity: text(value, "severity")?,
        line: number(value, "line")?,
        column: number(value, "column")?,
        end_line: number(value, "end_line")?,
        end_column: number(value, "end_column")?,
        message: text(value, "message")?,
        help: text(value, "help"),
        notes: texts("notes"),
        affects: texts("affects"),
        fix,
        beyond_targets: value.get("beyond_targets").and_then(serde_json::Value::as_bool).unwrap_or(false),
    })
}

/// Lints a robots.txt (str, or bytes in any encoding) with the command's defaults and
/// returns its findings in the order of the text, as `robolint --format json` reports them.
/// `target`: dialect names, `today` (the default) or `portable`; `select` replaces the rule
/// set and `ignore` removes rules (codes, prefixes, names, categories); `config`: the text of
/// a robolint.toml (str) or its path (pathlib.Path), which the other arguments override as
/// the command line's do. Text past the 2 MiB size cap is cut, and a finding says so.
#[pyfunction(name = "lint")]
#[pyo3(signature = (text, *, target=None, select=None, ignore=None, config=None))]
fn lint_text(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    select: Option<&Bound<'_, PyAny>>,
    ignore: Option<&Bound<'_, PyAny>>,
    config: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Finding>> {
    let source = source_of(text, "text")?;
    let settings = settings(target, select, ignore, config)?;
    py.detach(move || {
        let report = Linter::new(settings).lint(source, None);
        json::findings(&Linted { name: TEXT_NAME, report: &report })
            .map(|finding| {
                let value = serde_json::to_value(&finding).map_err(|error| PyValueError::new_err(error.to_string()))?;
                finding_from_json(&value).ok_or_else(|| {
                    PyValueError::new_err(format!("robolint wrote a finding it cannot read back: {value}"))
                })
            })
            .collect()
    })
}

/// What `fix` did: the fixed text, how many fixes it applied, and the safe fixes it held
/// back because they would change what some robot does.
#[pyclass(frozen, get_all, module = "robolint")]
#[derive(Clone, Debug)]
struct Fixed {
    text: String,
    applied: usize,
    held_back: Vec<String>,
}

#[pymethods]
impl Fixed {
    fn __repr__(&self) -> String {
        format!("Fixed(applied={}, held_back={})", self.applied, self.held_back.len())
    }
}

/// Applies the fixes `robolint --fix` applies to `text` (with `unsafe=True`, those of
/// `--unsafe-fixes` too) and returns a `Fixed`: the text, the number of fixes applied, and
/// the safe fixes held back because they would change what some robot does.
#[pyfunction(name = "fix")]
#[pyo3(signature = (text, *, r#unsafe=false, target=None, select=None, ignore=None, config=None))]
fn fix_text(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    r#unsafe: bool,
    target: Option<&Bound<'_, PyAny>>,
    select: Option<&Bound<'_, PyAny>>,
    ignore: Option<&Bound<'_, PyAny>>,
    config: Option<&Bound<'_, PyAny>>,
) -> PyResult<Fixed> {
    let Ok(text) = text.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "text must be str (fixes edit text; decode bytes first), not {}",
            text.get_type().name()?
        )));
    };
    let text = text.to_cow()?.into_owned();
    let settings = settings(target, select, ignore, config)?;
    let allowed = if r#unsafe { Applicability::Unsafe } else { Applicability::Safe };
    Ok(py.detach(move || {
        let fixed = Linter::new(settings).fix(&text, None, allowed);
        let held_back = fixed
            .held_back
            .iter()
            .map(|held| format!("{} {}: {}", held.code, held.fix, held.change.describe()))
            .collect();
        Fixed { text: fixed.text, applied: fixed.applied, held_back }
    }))
}

/// A robot's answer for one URL, and what decided it.
#[pyclass(frozen, get_all, module = "robolint")]
#[derive(Clone, Debug)]
struct Verdict {
    allowed: bool,
    /// The 1-based line of the Allow or Disallow rule that decided, if one did.
    line: Option<usize>,
    /// That line as written, without its line end.
    rule: Option<String>,
    /// Its path pattern as the dialect reads it.
    pattern: Option<String>,
    /// Why, in words: `a Disallow line`, `no rule matched`, `no record applies`, ...
    reason: &'static str,
}

#[pymethods]
impl Verdict {
    fn __bool__(&self) -> bool {
        self.allowed
    }

    fn __repr__(&self) -> String {
        let word = if self.allowed { "allowed" } else { "disallowed" };
        match (&self.line, &self.rule) {
            (Some(line), Some(rule)) => format!("Verdict({word}, line {line}: {rule:?})"),
            _ => format!("Verdict({word}, {})", self.reason),
        }
    }
}

/// A robots.txt parsed once, answering "may this robot fetch this URL?" for any robot and
/// dialect. Each (robot, dialect) pair's matcher is compiled at its first question and kept.
#[pyclass(frozen, module = "robolint")]
struct Robots {
    source: Source,
    document: Document,
    matchers: Mutex<HashMap<(String, Dialect), Matcher>>,
}

impl Robots {
    fn matcher(&self, agent: &str, dialect: Dialect) -> Matcher {
        let mut matchers = self.matchers.lock().unwrap_or_else(PoisonError::into_inner);
        let key = (agent.to_string(), dialect);
        if let Some(matcher) = matchers.get(&key) {
            return matcher.clone();
        }
        let matcher = Matcher::new(&self.document, &self.source.text, agent, dialect);
        if matchers.len() == KEPT_MATCHERS {
            matchers.clear();
        }
        matchers.insert(key, matcher.clone());
        matcher
    }

    fn verdict(&self, agent: &str, url: &str, dialect: Dialect) -> Verdict {
        let verdict = self.matcher(agent, dialect).allowed(url);
        let rule = verdict.reason.rule();
        let text = &self.source.text;
        Verdict {
            allowed: verdict.allowed,
            // The model has a line for every line of the text, in order.
            line: rule.map(|rule| rule.line + 1),
            rule: rule
                .and_then(|rule| text.get(rule.span.start()..rule.span.end()))
                .map(|line| line.trim().to_string()),
            pattern: rule.map(|rule| rule.pattern.to_string()),
            reason: verdict.reason.describe(),
        }
    }
}

#[pymethods]
impl Robots {
    #[new]
    fn new(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Robots> {
        let source = source_of(text, "text")?;
        Ok(py.detach(move || {
            let document = parse::parse_for_answers(&source);
            Robots { source, document, matchers: Mutex::new(HashMap::new()) }
        }))
    }

    /// May `agent` (a product token such as `Googlebot`, or for the dialects that read one, a
    /// User-Agent header) fetch `url` (a path such as `/a?b`, or a whole URL), as `dialect`
    /// reads the file?
    #[pyo3(signature = (agent, url, dialect="google"))]
    fn allowed(&self, py: Python<'_>, agent: &str, url: &str, dialect: &str) -> PyResult<Verdict> {
        let dialect: Dialect = dialect
            .parse()
            .map_err(|unknown: robolint::dialect::UnknownDialect| PyValueError::new_err(unknown.to_string()))?;
        Ok(py.detach(|| self.verdict(agent, url, dialect)))
    }

    /// The text as robolint read it (decoded, and cut at the size cap).
    #[getter]
    fn text(&self) -> &str {
        &self.source.text
    }

    /// Whether the size cap cut the text (robolint reads at most 2 MiB, as the command does).
    #[getter]
    fn truncated(&self) -> bool {
        self.source.truncation.is_some()
    }

    fn __repr__(&self) -> String {
        format!("Robots({} lines)", self.document.lines.len())
    }
}

/// The robots.txt captures of a WARC file, linted one at a time as Python asks for them: each
/// is a line of JSON as `robolint warc` writes it (docs/warc-format.md), with `type` either
/// `capture` or `error`. Only the record being read is held, whatever the file's size.
#[pyclass(module = "robolint")]
struct WarcLines {
    /// A Python object may be shared between threads; the reader is used by one at a time.
    captures: Mutex<Option<warc::Captures<Box<dyn BufRead + Send>>>>,
    linter: Linter,
}

#[pymethods]
impl WarcLines {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let linter = &self.linter;
        let line = py.detach(|| {
            let mut captures = self.captures.lock().unwrap_or_else(PoisonError::into_inner);
            let reading = captures.as_mut()?;
            let Some(next) = reading.next() else {
                *captures = None;
                return None;
            };
            // One input: its lines name no file.
            let line = match next {
                Ok(capture) => {
                    let report = warc::lint_capture(&capture, linter);
                    serde_json::to_string(&warc::OutputLine { kind: "capture", file: None, fields: &report })
                }
                Err(problem) => {
                    let error = warc::ErrorLine { record: Some(problem.record), message: &problem.message };
                    serde_json::to_string(&warc::OutputLine { kind: "error", file: None, fields: &error })
                }
            };
            Some(line)
        });
        line.transpose().map_err(|error| PyValueError::new_err(error.to_string()))
    }
}

/// Opens a WARC file (plain or gzipped per record) for [`WarcLines`]; the settings as
/// `lint`'s.
#[pyfunction]
#[pyo3(signature = (path, *, target=None, select=None, ignore=None, config=None))]
fn warc_lines(
    path: PathBuf,
    target: Option<&Bound<'_, PyAny>>,
    select: Option<&Bound<'_, PyAny>>,
    ignore: Option<&Bound<'_, PyAny>>,
    config: Option<&Bound<'_, PyAny>>,
) -> PyResult<WarcLines> {
    let settings = settings(target, select, ignore, config)?;
    let captures = File::open(&path)
        .and_then(warc::read)
        .map_err(|error| PyOSError::new_err(format!("{}: {error}", path.display())))?;
    Ok(WarcLines { captures: Mutex::new(Some(captures)), linter: Linter::new(settings) })
}

/// The crawler registry (agents/*.toml) as JSON: the package turns it into dicts.
#[pyfunction]
fn agents_json() -> PyResult<String> {
    serde_json::to_string(Registry::builtin().agents()).map_err(|error| PyValueError::new_err(error.to_string()))
}

#[pymodule]
fn _robolint(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add_function(wrap_pyfunction!(lint_text, module)?)?;
    module.add_function(wrap_pyfunction!(fix_text, module)?)?;
    module.add_function(wrap_pyfunction!(agents_json, module)?)?;
    module.add_function(wrap_pyfunction!(warc_lines, module)?)?;
    module.add_class::<WarcLines>()?;
    module.add_class::<Finding>()?;
    module.add_class::<Fix>()?;
    module.add_class::<Edit>()?;
    module.add_class::<Fixed>()?;
    module.add_class::<Robots>()?;
    module.add_class::<Verdict>()?;
    Ok(())
}
