//! `--format junit`: a JUnit XML report, which CI systems (GitLab, Jenkins, Azure Pipelines)
//! show as test results: a `testsuite` per input, a failing `testcase` per finding (named by
//! its rule, classname the file) and one passing `testcase` for an input with none. Like the
//! other formats people read, it leaves out information about robots outside the targets.
//! The root's counts come first in XML, so the cases are kept until the end of the run.

use std::fmt::Write as _;
use std::io::{self, Write};

use quick_xml::escape::escape;

use super::controls::visible;
use super::{position, Linted};

/// The test suites of a run, kept until [`Report::finish`] writes the XML.
#[derive(Debug, Default)]
pub struct Report {
    suites: String,
    tests: usize,
    failures: usize,
}

impl Report {
    /// Keeps a suite for `input`: a failing case per shown finding, or one passing case.
    /// Writes nothing yet; `_out` is there for the other formats' shape.
    pub fn add(&mut self, _out: &mut impl Write, input: &Linted<'_>) -> io::Result<()> {
        let text = input.report.source.text.as_str();
        // Control characters are no XML 1.0 text: they are shown escaped, as on a terminal.
        let file = escape(visible(input.name)).into_owned();
        let mut cases = String::new();
        let mut failures = 0;
        for diagnostic in input.shown() {
            let at = position(input.report, diagnostic.span.start());
            let message = escape(visible(&diagnostic.message.render(text))).into_owned();
            let _ = write!(
                cases,
                "    <testcase name=\"{} {}\" classname=\"{file}\" file=\"{file}\" line=\"{}\">\n      \
                 <failure message=\"{message}\" type=\"{}\">{file}:{}:{}: {message}</failure>\n    </testcase>\n",
                diagnostic.code,
                diagnostic.name,
                at.line,
                diagnostic.severity.as_str(),
                at.line,
                at.column,
            );
            failures += 1;
        }
        if failures == 0 {
            let _ = writeln!(cases, "    <testcase name=\"no problems\" classname=\"{file}\" file=\"{file}\"/>");
        }
        let tests = failures.max(1);
        let _ = write!(
            self.suites,
            "  <testsuite name=\"{file}\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" skipped=\"0\">\n{cases}  </testsuite>\n"
        );
        self.tests += tests;
        self.failures += failures;
        Ok(())
    }

    /// Writes the whole XML report: the totals, then every suite kept.
    pub fn finish(self, out: &mut impl Write) -> io::Result<()> {
        write!(
            out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"robolint\" tests=\"{}\" failures=\"{}\" errors=\"0\">\n{}</testsuites>\n",
            self.tests, self.failures, self.suites
        )
    }
}
