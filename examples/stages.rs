use std::time::Instant;
fn main() {
    let dir = std::env::args().nth(1).expect("dir");
    let files: Vec<Vec<u8>> =
        std::fs::read_dir(dir).unwrap().map(|e| std::fs::read(e.unwrap().path()).unwrap()).collect();
    let bytes: usize = files.iter().map(|f| f.len()).sum();
    let sources: Vec<robolint::Source> = files.iter().map(|f| robolint::Source::from_bytes(f)).collect();
    let t = Instant::now();
    for s in &sources {
        std::hint::black_box(robolint::parse::parse_text(&s.text));
    }
    let parse = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let settings = robolint::Settings::default();
    for s in &sources {
        std::hint::black_box(robolint::lint(s.clone(), None, &settings));
    }
    let lint = t.elapsed().as_secs_f64();
    let mb = bytes as f64 / 1e6;
    println!(
        "{} files {:.1} MB: parse {:.2}s ({:.1} MB/s), lint {:.2}s ({:.1} MB/s, {:.0} files/s)",
        files.len(),
        mb,
        parse,
        mb / parse,
        lint,
        mb / lint,
        files.len() as f64 / lint
    );
}
