//! The allocation watermark (`cminus::names::ALLOC_TOP`, `logic::alloc`): an allocation is
//! fresh, apart from every earlier one, once predicates over the watermark say so.

use c2bp::{abstract_program, parse_preds, Options, Strategy};

fn error_reachable(src: &str, preds: &str, strategy: Strategy) -> (bool, String) {
    let prog = cfront::lower_str("t.c", src, &cfront::Options::default()).unwrap_or_else(|e| panic!("{e:?}"));
    let ps = parse_preds(&prog, preds).unwrap_or_else(|e| panic!("{e:?}"));
    let opts = Options { strategy, ..Options::default() };
    let (b, _) = abstract_program(&prog, &ps, &opts).unwrap();
    let text = bp::print(&b);
    let (_, cfg) = bp::load(&text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    let an = bebop::check(&cfg, &bebop::Options::default());
    (!an.error_vertices().is_empty(), text)
}

const TWO: &str = r#"
#include <stdlib.h>
void *arr[2];
int main(void) {
  void *a = malloc(4);
  malloc(8);
  void *b = malloc(4);
  if (a && a == b) reach_error();
  arr[0] = malloc(4);
  arr[1] = malloc(4);
  if (arr[0] && arr[0] == arr[1]) reach_error();
  return 0;
}
"#;

// Both results may be NULL: the checks `a &&`, `arr[0] &&` need predicates of their own.
const PREDS: &str = "main: a == b\nmain: a < __slam_alloc_top\nmain: a == NULL\n\
                     global: arr[0] == arr[1]\nglobal: arr[0] < __slam_alloc_top\nglobal: arr[0] == NULL\n";

#[test]
fn a_later_allocation_differs_from_an_earlier_one() {
    // Into a register (the watermark moves in a statement of its own), past a dropped
    // result, and into memory (one statement).
    for strategy in [Strategy::Cartesian, Strategy::Boolean] {
        let (reachable, text) = error_reachable(TWO, PREDS, strategy);
        assert!(!reachable, "{strategy:?}\n{text}");
    }
}

#[test]
fn without_the_watermark_predicates_the_allocations_may_be_equal() {
    let (reachable, text) = error_reachable(
        TWO,
        "main: a == b\nmain: a == NULL\nglobal: arr[0] == arr[1]\nglobal: arr[0] == NULL\n",
        Strategy::Cartesian,
    );
    assert!(reachable, "{text}");
}

#[test]
fn an_alias_the_program_makes_is_not_hidden_by_freshness() {
    let src = r#"
#include <stdlib.h>
int main(void) {
  void *a = malloc(4);
  void *b = malloc(4);
  if (__VERIFIER_nondet_int()) b = a;
  if (a && a == b) reach_error();
  return 0;
}
"#;
    for strategy in [Strategy::Cartesian, Strategy::Boolean] {
        let (reachable, text) =
            error_reachable(src, "main: a == b\nmain: a < __slam_alloc_top\nmain: b < __slam_alloc_top\n", strategy);
        assert!(reachable, "{strategy:?}\n{text}");
    }
}

#[test]
fn an_allocation_in_a_callee_moves_the_watermark_for_the_caller() {
    // `p < top` holds after p's allocation; the callee allocates (the watermark moves up,
    // never down), so the caller's fact about the global survives the call and q, allocated
    // after it, differs from p.
    let src = r#"
#include <stdlib.h>
void *p, *q;
void *mk(void) { return malloc(4); }
int main(void) {
  p = malloc(4);
  void *a = malloc(4);
  mk();
  q = malloc(4);
  void *b = malloc(4);
  if (p && p == q) reach_error();
  if (a && a == b) reach_error();
  return 0;
}
"#;
    // `p < top` is global (the callee keeps it up to date), `a < top` local to main (the
    // call's return recomputes it, knowing that the watermark only moves up).
    let preds = "global: p == q\nglobal: p < __slam_alloc_top\nglobal: p == NULL\n\
                 main: a == b\nmain: a < __slam_alloc_top\nmain: a == NULL\n";
    for strategy in [Strategy::Cartesian, Strategy::Boolean] {
        let (reachable, text) = error_reachable(src, preds, strategy);
        assert!(!reachable, "{strategy:?}\n{text}");
    }
}
