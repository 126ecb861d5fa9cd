//! `parse(print(p)) == p` for generated programs and for the corpus, and the parser never
//! panics on damaged text.

use std::path::PathBuf;

#[test]
fn generated_programs_round_trip() {
    for seed in 0..3000u64 {
        let p = bp::gen::program(seed);
        let text = bp::print(&p);
        assert_eq!(bp::parse(&text).as_ref(), Ok(&p), "seed {seed}:\n{text}");
        assert!(bp::cfg::build(&p).is_ok(), "seed {seed}: the generated program is rejected:\n{text}");
    }
}

#[test]
fn corpus_programs_round_trip() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus/bp");
    let mut n = 0;
    for e in std::fs::read_dir(dir).expect("corpus/bp") {
        let path = e.expect("entry").path();
        if path.extension().is_none_or(|x| x != "bp") {
            continue;
        }
        let src = std::fs::read_to_string(&path).expect("readable");
        let p = bp::parse(&src).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let text = bp::print(&p);
        assert_eq!(bp::parse(&text).as_ref(), Ok(&p), "{}", path.display());
        assert_eq!(bp::print(&bp::parse(&text).unwrap()), text, "{}: printing is not stable", path.display());
        n += 1;
    }
    assert!(n >= 25);
}

#[test]
fn damaged_programs_give_diagnostics_not_panics() {
    let mut rng = bp::gen::Rng::new(7);
    for seed in 0..300u64 {
        let text = bp::print(&bp::gen::program(seed));
        let chars: Vec<char> = text.chars().collect();
        for _ in 0..5 {
            let mut c = chars.clone();
            let i = rng.below(c.len());
            match rng.below(3) {
                0 => {
                    c.remove(i);
                }
                1 => c.insert(i, *rng.pick(&[';', '(', ')', '{', '}', ':', '\'', '*', 'x', '0', '2', '<'])),
                _ => c.truncate(i),
            }
            let s: String = c.into_iter().collect();
            if let Err(es) = bp::load(&s) {
                for e in es {
                    assert!(e.pos.line >= 1 || e.msg.contains("declared twice"), "seed {seed}: {e} in\n{s}");
                }
            }
        }
    }
}
