//! Which programs need byte memory (`cminus::punning`): the minimal programs of issue 27 do,
//! plain typed programs do not.

use cminus::punning::memory_model;

fn model(src: &str) -> cminus::punning::MemoryModel {
    let p = cfront::lower_str("t.c", src, &cfront::Options::default()).expect("lowers");
    memory_model(&p)
}

#[test]
fn punning_programs_need_bytes() {
    let bytes = [
        "void reach_error(void); int main(void){ unsigned char b[4] = {1, 2, 0, 0}; unsigned *p = (unsigned *)(void *)b; if (*p == 0x0201u) reach_error(); return 0; }",
        "void reach_error(void); int main(void){ unsigned x = 0x11223344u; unsigned char *c = (unsigned char *)&x; c[1] = 0; if (x == 0x11220044u) reach_error(); return 0; }",
        "void reach_error(void); int main(void){ char t = 7; void *v = &t; unsigned *q = v; if (*q != 7u) reach_error(); return 0; }",
        "void *malloc(unsigned long); int main(void){ char *p = malloc(8); int *q = (void *)p; *q = 1; return p[0]; }",
        "union u { int i; float f; }; int main(void){ union u x; x.f = 1.0f; return x.i; }",
    ];
    for src in bytes {
        assert!(model(src).is_bytes(), "{src}");
    }
}

#[test]
fn typed_programs_stay_typed() {
    let typed = [
        "void reach_error(void); int main(void){ int x = 1; int *p = &x; *p = 2; if (x != 2) reach_error(); return 0; }",
        "void *malloc(unsigned long); struct s { int a; long b; }; int main(void){ struct s *p = malloc(sizeof *p); if (!p) return 0; p->a = 1; p->b = 2; return p->a; }",
        "struct base { int k; }; struct d { struct base b; int x; }; int f(struct base *b) { return b->k; } int main(void){ struct d v = {{1}, 2}; return f((struct base *)&v); }",
        "int a[10]; int main(void){ int *p = a; p[3] = 1; unsigned *u = (unsigned *)p; return (int)u[3]; }",
    ];
    for src in typed {
        let m = model(src);
        assert!(!m.is_bytes(), "{src}: {m:?}");
    }
}

/// Only what a run from the entry may execute decides: a function that puns but is never
/// called (a unit's other API functions) leaves the entry's memory typed; one whose address
/// reaches a call does not.
#[test]
fn only_live_procedures_decide() {
    let pun = "int get(unsigned char *b) { unsigned *p = (unsigned *)(void *)b; return (int)*p; }";
    let dead = format!("{pun} int main(void) {{ int x = 1; int *q = &x; *q = 2; return x; }}");
    assert!(!model(&dead).is_bytes(), "{dead}");
    let called = format!("{pun} int main(void) {{ unsigned char b[4] = {{1, 0, 0, 0}}; return get(b); }}");
    assert!(model(&called).is_bytes(), "{called}");
    let by_pointer = format!(
        "{pun} int (*hook)(unsigned char *); int main(void) {{ unsigned char b[4] = {{0}}; hook = get; return hook(b); }}"
    );
    assert!(model(&by_pointer).is_bytes(), "{by_pointer}");
    let in_table = format!(
        "{pun} int (*table[1])(unsigned char *) = {{ get }}; int main(void) {{ unsigned char b[4] = {{0}}; return table[0](b); }}"
    );
    assert!(model(&in_table).is_bytes(), "{in_table}");
    // the entry is the unit's API function; the pun is in another one
    let opts = cfront::Options { entry: "set".into(), ..cfront::Options::default() };
    let src = format!("{pun} int g; void set(int v) {{ g = v; }}");
    let p = cfront::lower_str("t.c", &src, &opts).expect("lowers");
    assert!(!memory_model(&p).is_bytes(), "{src}");
}

/// Prints the memory model of every corpus C file (`cargo test -p cfront --test
/// memory_model -- --ignored --nocapture`): how much of the corpus the typed fast path keeps.
#[test]
#[ignore]
fn corpus_models() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    let mut files = Vec::new();
    for d in ["c", "check", "drivers", "search", "null-deref", "units", "program"] {
        if let Ok(rd) = std::fs::read_dir(root.join(d)) {
            files.extend(rd.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "c")));
        }
    }
    // more files to look at: SLAM_MODEL_FILES="a.c b.c", with SLAM_MODEL_INCLUDE for -I
    if let Ok(more) = std::env::var("SLAM_MODEL_FILES") {
        files = more.split_whitespace().map(std::path::PathBuf::from).collect();
    }
    files.sort();
    let (mut typed, mut bytes) = (0, 0);
    for f in files {
        let mut opts = cfront::Options::default();
        if let Ok(inc) = std::env::var("SLAM_MODEL_INCLUDE") {
            opts.includes.push(inc.into());
        }
        let p = match cfront::lower_files(std::slice::from_ref(&f), &opts) {
            Ok(p) => p,
            Err(d) => {
                println!("{}: rejected: {}", f.display(), d.first().map(|d| d.message.clone()).unwrap_or_default());
                continue;
            }
        };
        match memory_model(&p) {
            cminus::punning::MemoryModel::Typed => typed += 1,
            cminus::punning::MemoryModel::Bytes { reason } => {
                bytes += 1;
                println!("{}: {reason}", f.display());
            }
        }
    }
    println!("typed {typed}, bytes {bytes}");
}
