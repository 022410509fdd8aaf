use robolint::parse::{parse_strict, parse_text};
#[test]
fn explore() {
    for t in ["*x: y\r\n", "User-agent: a\r\n*x: y\r\n", "a*b: c\r\n", "User-agent: a\r\n#x: y\r\n", "User-agent: a\r\n~x: y\r\nUser-agent: b\r\nDisallow: /\r\n", "User-agent: a\r\n$x: y\r\n"] {
        let d = parse_text(t);
        eprintln!("{t:?}: strict={:?}", parse_strict(t));
        for l in &d.lines { eprintln!("   {:?} {:?} {:?}", &t[l.span.start..l.span.end], l.kind, l.strict_failure); }
        eprintln!("   structure {:?}", d.structure_failures);
    }
}
