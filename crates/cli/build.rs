//! `CI=true` sets the `ci` cfg for this package's targets, the workspace's integration tests
//! among them. Tests that need `../shared` or a program outside Rust are ignored without it,
//! with the reason, and run with it: CI installs what they need.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rustc-check-cfg=cfg(ci)");
    if std::env::var("CI").as_deref() == Ok("true") {
        println!("cargo::rustc-cfg=ci");
    }
}
