//! The object the harness makes for an entry's pointer parameter existed before the run, so
//! no allocation of the run lies in it: a write through a fresh allocation's pointer (a
//! `memcpy` into a `malloc`ed copy, at a symbolic offset) leaves predicates over the
//! parameter's object alone, in the entry and in the procedures it passes the pointer to
//! (the points-to analysis places it in its `Obj::Harness` object). Before, such a write made every predicate
//! over the parameter's object unknown and cost ImpliesF queries per predicate (linenoise's
//! `linenoiseAddCompletion`: 419 queries, 5 s, for one byte-copy statement).

use c2bp::{abstract_program, parse_preds, Options};

const SRC: &str = r#"
extern void reach_error(void);
extern void *malloc(unsigned long);
struct C { unsigned long len; char **cvec; };
void add(struct C *lc, unsigned long n) {
  char *copy = malloc(16);
  if (copy == 0) return;
  copy[n] = 1;
  if (lc->len == 0) reach_error();
}
int sizes[64];
void unlink_q(struct C *lc, unsigned char k) {
  sizes[k]++;
  if (lc->len == 0) reach_error();
}
void api(struct C *lc, unsigned char k) { unlink_q(lc, k); }
void moved(struct C *lc, unsigned long n) {
  char *copy = malloc(16);
  if (copy == 0) return;
  lc = (struct C *)copy;
  copy[n] = 1;
  if (lc->len == 0) reach_error();
}
"#;

/// The boolean program of entry `entry` over the predicate `entry: lc->len == 0`.
fn abstraction(entry: &str) -> String {
    abstraction_over(entry, entry)
}

/// The boolean program of entry `entry` over the predicate `proc: lc->len == 0`.
fn abstraction_over(entry: &str, proc: &str) -> String {
    let opts = cfront::Options { entry: entry.into(), bytes: true, ..cfront::Options::default() };
    let prog = cfront::lower_str("t.c", SRC, &opts).unwrap_or_else(|e| panic!("{e:?}"));
    let ps = parse_preds(&prog, &format!("{proc}: lc->len == 0\n")).unwrap_or_else(|e| panic!("{e:?}"));
    let (b, _) = abstract_program(&prog, &ps, &Options::default()).unwrap();
    bp::print(&b)
}

/// How many statements of `text` assign the predicate `lc->len == 0`.
fn assignments(text: &str) -> usize {
    text.lines()
        .filter(|l| l.contains(":=") && l.split(":=").next().is_some_and(|lhs| lhs.contains("{lc->len == 0}")))
        .count()
}

#[test]
fn a_write_into_a_fresh_allocation_misses_the_parameters_object() {
    let text = abstraction("add");
    // the run's start (the harness: unknown contents) only
    assert_eq!(assignments(&text), 1, "\n{text}");
}

#[test]
fn a_parameter_the_entry_changes_is_not_the_harness_object() {
    // `lc` points into the allocation by the time of the write: the write may change it
    let text = abstraction("moved");
    assert!(assignments(&text) >= 2, "\n{text}");
}

#[test]
fn a_write_into_a_global_misses_the_parameters_object_in_a_callee() {
    // `unlink_q`'s `lc` is `api`'s: the harness object, apart from `sizes` (memcached's
    // `do_item_unlink_q`: `sizes_bytes[it->slabs_clsid] -= …` made every predicate over `*it`
    // unknown and Newton offered byte-overlap conditions for it)
    let text = abstraction_over("api", "unlink_q");
    assert_eq!(assignments(&text), 0, "\n{text}");
}
