//! Links Google's robots.txt matcher (`../shared/oracles/google-robotstxt`, with Debian's
//! g++ and libabsl-dev) into the fuzz targets, for the target `google`, which compares it
//! with robolint's `google` dialect. Without them the target is built to say so and stop.

use std::path::Path;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(google_oracle)");
    let oracle = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/oracles/google-robotstxt");
    println!("cargo::rerun-if-changed=oracle/google.cc");
    println!("cargo::rerun-if-changed={}", oracle.join("robots.cc").display());
    let abseil = Path::new("/usr/include/absl/strings/ascii.h");
    if !oracle.join("robots.cc").exists() || !abseil.exists() {
        println!("cargo::warning=fuzz target google: needs {} and libabsl-dev", oracle.display());
        return;
    }
    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .include(&oracle)
        .file(oracle.join("robots.cc"))
        .file("oracle/google.cc")
        .warnings(false)
        .compile("google_robotstxt");
    for library in ["absl_strings", "absl_strings_internal", "absl_throw_delegate", "absl_raw_logging_internal"] {
        println!("cargo::rustc-link-lib={library}");
    }
    println!("cargo::rustc-cfg=google_oracle");
}
