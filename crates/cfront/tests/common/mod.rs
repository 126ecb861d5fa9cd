//! Helpers the front end's test files share: lower a C text (checked by `Program::validate`)
//! and print one procedure as C--.
#![allow(dead_code)]

use cminus::{print_proc, PrintOptions, Program};

pub fn lower_with(src: &str, opts: &cfront::Options) -> Program {
    let p = cfront::lower_str("t.c", src, opts).unwrap_or_else(|d| panic!("lowering failed: {d:?}"));
    assert!(p.validate().is_empty(), "{:?}", p.validate());
    p
}

pub fn lower(src: &str) -> Program {
    lower_with(src, &cfront::Options::default())
}

pub fn text(p: &Program, name: &str) -> String {
    print_proc(p, p.proc(name).expect("proc"), &PrintOptions::default())
}
