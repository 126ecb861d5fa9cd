//! `Env::apart`: two byte ranges of memory share no address (memory's addresses are `a + k`
//! modulo 2^64, so a range that wraps around the address space reaches the lowest addresses).

use z3::ast::Ast;

#[test]
fn ranges_are_apart_only_when_they_share_no_byte() {
    let prog = cfront::lower_str("t.c", "int main(void) { return 0; }\n", &Default::default()).unwrap();
    let ctx = logic::new_context();
    let env = logic::Env::new(&ctx, &prog);
    let apart = |a: i64, n: u64, b: i64, m: u64| {
        let f = env.apart((&env.int(a), n), (&env.int(b), m)).simplify();
        f.as_bool().unwrap_or_else(|| panic!("not a constant: {f}"))
    };
    assert!(apart(0x1000, 4, 0x1004, 1));
    assert!(apart(0x1004, 1, 0x1000, 4));
    assert!(!apart(0x1000, 4, 0x1003, 1));
    assert!(!apart(0x1003, 1, 0x1000, 4));
    assert!(!apart(0x1000, 8, 0x1000, 1));
    // A range that wraps reaches address 0 and 1.
    assert!(!apart(-2, 4, 0, 1));
    assert!(!apart(0, 1, -2, 4));
    assert!(apart(-2, 4, 0x1000, 1));
    assert!(apart(-6, 4, 0x1000, 1));
    assert!(!apart(-6, 4, -3, 2));
    assert!(apart(-6, 4, -2, 2));
    assert!(!apart(-1, 1, -1, 8));
    assert!(apart(8, 1, 0, 8));
    assert!(!apart(7, 1, 0, 8));
}
