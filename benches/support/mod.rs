//! Generated robots.txt files for the benches: realistic shapes (comments, several groups,
//! prefixes, wildcards, `$` anchors, sitemaps), deterministic so runs compare.

#![allow(dead_code)]

pub mod worst_cases;

/// A small deterministic generator (64-bit LCG), so the benches need no `rand`.
pub struct Lcg(u64);

impl Lcg {
    pub fn new(seed: u64) -> Lcg {
        Lcg(seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407))
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const WORDS: &[&str] = &[
    "admin", "search", "cart", "checkout", "account", "login", "wp-admin", "api", "static", "images", "tmp", "private",
    "cgi-bin", "includes", "user", "profile", "tag", "category", "archive", "print", "feed", "en", "de", "fr",
    "products", "catalog", "media", "assets", "download", "share",
];
const AGENTS: &[&str] = &[
    "Googlebot",
    "Bingbot",
    "Slurp",
    "DuckDuckBot",
    "Baiduspider",
    "YandexBot",
    "AhrefsBot",
    "SemrushBot",
    "MJ12bot",
    "GPTBot",
    "CCBot",
    "facebookexternalhit",
    "Applebot",
    "PetalBot",
];

/// One path pattern as sites write them.
pub fn pattern(rng: &mut Lcg) -> String {
    let mut path = String::from("/");
    for depth in 0..1 + rng.below(3) {
        if depth > 0 {
            path.push('/');
        }
        path.push_str(rng.pick(WORDS));
    }
    match rng.below(10) {
        0 => path.push_str("/*"),
        1 => path.push_str("*.pdf$"),
        2 => path.push_str("/*?sort="),
        3 => path.push('$'),
        4 | 5 => path.push('/'),
        _ => {}
    }
    path
}

/// A URL path a crawler might ask about.
pub fn url(rng: &mut Lcg) -> String {
    let mut path = String::new();
    for _ in 0..1 + rng.below(4) {
        path.push('/');
        path.push_str(rng.pick(WORDS));
    }
    match rng.below(4) {
        0 => path.push_str(".pdf"),
        1 => path.push_str("?sort=price&page=2"),
        2 => path.push_str("/index.html"),
        _ => {}
    }
    path
}

/// A robots.txt of about `target` bytes: a header comment, then groups of one to three
/// agents with rules, a crawl delay here and there, and sitemaps at the end.
pub fn robots_txt(target: usize, seed: u64) -> String {
    let mut rng = Lcg::new(seed);
    let mut out = String::from("# robots.txt for www.example.com\n# Generated for robolint's benches\n\n");
    let sitemaps = "Sitemap: https://www.example.com/sitemap.xml\n";
    while out.len() + sitemaps.len() < target {
        if rng.below(3) == 0 {
            out.push_str("User-agent: *\n");
        } else {
            for _ in 0..1 + rng.below(3) {
                out.push_str("User-agent: ");
                out.push_str(rng.pick(AGENTS));
                out.push('\n');
            }
        }
        for _ in 0..3 + rng.below(15) {
            if rng.below(8) == 0 {
                out.push_str("# ");
                out.push_str(rng.pick(WORDS));
                out.push_str(" pages\n");
            }
            out.push_str(if rng.below(5) == 0 { "Allow: " } else { "Disallow: " });
            out.push_str(&pattern(&mut rng));
            out.push('\n');
        }
        if rng.below(6) == 0 {
            out.push_str("Crawl-delay: 10\n");
        }
        out.push('\n');
    }
    out.push_str(sitemaps);
    out
}

/// One `User-agent: *` group with `rules` rules.
pub fn rules_file(rules: usize, seed: u64) -> String {
    let mut rng = Lcg::new(seed);
    let mut out = String::from("User-agent: *\n");
    for _ in 0..rules {
        out.push_str(if rng.below(5) == 0 { "Allow: " } else { "Disallow: " });
        out.push_str(&pattern(&mut rng));
        out.push('\n');
    }
    out
}

/// One `User-agent: *` group of about `target` bytes, each rule a different page: a site
/// that lists every page it hides.
pub fn page_list_file(target: usize) -> String {
    let mut out = String::from("User-agent: *\n");
    let mut page = 0;
    while out.len() < target {
        out.push_str(&format!("Disallow: /section-{page}/page\n"));
        page += 1;
    }
    out
}

pub fn urls(count: usize, seed: u64) -> Vec<String> {
    let mut rng = Lcg::new(seed);
    (0..count).map(|_| url(&mut rng)).collect()
}
