//! The task semantics of uninitialised pointers (`cminus::indeterminate`): under
//! `--undefined assume-none` the pointer members of the entry's aggregate locals start as NULL
//! or an object of their own; in gcc's semantics they are left alone.

use cminus::print::{print_program, PrintOptions};

const SRC: &str = "struct dev { int flags; void *ext; struct dev *next; void (*fn)(void); int *v[8]; int *unread; };\n\
                   int use(struct dev *p) { p->fn(); return p->ext != 0 && p->next->flags && *p->v[1]; }\n\
                   int main(void) { struct dev d; d.flags = 1; return use(&d); }\n";

fn lower(undefined: cminus::ub::UbMode) -> cminus::Program {
    let opts = cfront::Options { undefined, ..cfront::Options::default() };
    let p = cfront::lower_str("d.c", SRC, &opts).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(p.validate().is_empty(), "{:?}", p.validate());
    p
}

#[test]
fn assume_none_gives_the_entrys_uninitialised_pointers_an_object_or_null() {
    let p = lower(cminus::ub::UbMode::AssumeNone);
    let printed = print_program(&p, &PrintOptions::default());
    // ext, next and the first four elements of v; not the function pointer, nor a member
    // nothing reads
    for member in ["d.ext :=", "d.next :=", "d.v[0] :=", "d.v[3] :="] {
        assert!(printed.contains(member), "{member} in {printed}");
    }
    assert!(!printed.contains("d.v[4] :="), "{printed}");
    assert!(!printed.contains("d.fn :="), "{printed}");
    assert!(!printed.contains("d.unread :="), "{printed}");
    let calls =
        p.proc("main").expect("main").body.iter().filter(
            |s| matches!(&s.kind, cminus::StmtKind::Call { callee, .. } if callee == cminus::names::INDETERMINATE),
        );
    assert_eq!(calls.count(), 6);
    // slam reads it as `__VERIFIER_nondet_pointer()`: NULL or a fresh object
    assert!(cminus::pointsto::extern_allocation(&p, cminus::names::INDETERMINATE).is_some_and(|a| a.may_fail));
}

#[test]
fn gccs_semantics_leaves_them_alone() {
    let p = lower(cminus::ub::UbMode::Wrap);
    assert!(p.extern_fn(cminus::names::INDETERMINATE).is_none());
}
