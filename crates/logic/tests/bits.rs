//! The encoding of bitwise operators agrees with C on concrete values.

use logic::formula;

#[test]
fn bitwise_with_constants_is_exact() {
    let prog = cfront::lower_str("t.c", "long x;\nint main(void) { return 0; }\n", &Default::default()).unwrap();
    let ctx = logic::new_context();
    let env = logic::Env::new(&ctx, &prog);
    let mut pr = logic::Prover::new(&ctx, std::time::Duration::from_secs(5));
    let st = logic::State::new(&env, "s.", Some("main"));
    let xs: [i64; 9] = [0, 1, 2, 3, 5, 130, 255, 4_000_000_001, -7];
    let cs: [i64; 8] = [1, 2, 6, 255, 0x80, 0xFFFF_FFFD, -3, 0x7FFF_FFFF];
    for &c in &cs {
        for (op, f) in [
            (cminus::BinOp::BitAnd, (|a: i64, b: i64| a & b) as fn(i64, i64) -> i64),
            (cminus::BinOp::BitOr, |a, b| a | b),
            (cminus::BinOp::BitXor, |a, b| a ^ b),
        ] {
            let e = cminus::Expr::bin(op, cminus::Expr::var("x"), cminus::Expr::Int(c as i128));
            let v = st.int(&env, &e).unwrap();
            for &x in &xs {
                let xv = st.int(&env, &cminus::Expr::var("x")).unwrap();
                let want = f(x, c);
                let ok = pr.implies(&formula::eq(&xv, &env.int(x)), &formula::eq(&v, &env.int(want)));
                assert!(ok, "{x} {op:?} {c} should be {want}");
            }
        }
    }
}

/// A cancelled prover answers "unknown" at once (the caller's time limit stops the work).
#[test]
fn cancelled_prover_answers_unknown() {
    let prog = cfront::lower_str("t.c", "long x;\nint main(void) { return 0; }\n", &Default::default()).unwrap();
    let ctx = logic::new_context();
    let env = logic::Env::new(&ctx, &prog);
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut pr = logic::Prover::new(&ctx, std::time::Duration::from_secs(5)).with_cancel(Some(flag.clone()));
    let st = logic::State::new(&env, "s.", Some("main"));
    let x = st.int(&env, &cminus::Expr::var("x")).unwrap();
    let q = formula::eq(&x, &env.int(3));
    assert_eq!(pr.is_sat(&q), Some(true));
    flag.store(true, std::sync::atomic::Ordering::Relaxed);
    let q2 = formula::eq(&x, &env.int(4));
    assert_eq!(pr.is_sat(&q2), None);
}
