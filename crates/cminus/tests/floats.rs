//! The interpreter's floating-point arithmetic (`interp::fold_float`, what a run computes):
//! IEEE as gcc with SSE, and no value invented where C has none.

use cminus::interp::fold_float;
use cminus::{FloatOp, Type};

const F: Type = Type::Float { bits: 32 };
const D: Type = Type::Float { bits: 64 };
const LD: Type = Type::Float { bits: 128 };

fn d(x: f64) -> i128 {
    x.to_bits() as i128
}
fn f(x: f32) -> i128 {
    x.to_bits() as i128
}

#[test]
fn arithmetic_rounds_in_the_operands_format() {
    assert_eq!(fold_float(FloatOp::Add, Some(&D), &D, &[d(0.1), d(0.2)]), Some(d(0.30000000000000004)));
    assert_eq!(fold_float(FloatOp::Add, Some(&F), &F, &[f(0.1), f(0.2)]), Some(f(0.3)));
    assert_eq!(fold_float(FloatOp::Div, Some(&D), &D, &[d(1.0), d(0.0)]), Some(d(f64::INFINITY)));
    // -x flips the sign bit, also of zero
    assert_eq!(fold_float(FloatOp::Neg, Some(&D), &D, &[d(0.0)]), Some(d(-0.0)));
}

#[test]
fn comparisons_with_nan_are_false_and_zeros_equal() {
    let nan = d(f64::NAN);
    assert_eq!(fold_float(FloatOp::Eq, Some(&D), &Type::Bool, &[nan, nan]), Some(0));
    assert_eq!(fold_float(FloatOp::Ne, Some(&D), &Type::Bool, &[nan, nan]), Some(1));
    assert_eq!(fold_float(FloatOp::Lt, Some(&D), &Type::Bool, &[nan, d(1.0)]), Some(0));
    assert_eq!(fold_float(FloatOp::Eq, Some(&D), &Type::Bool, &[d(0.0), d(-0.0)]), Some(1));
}

#[test]
fn conversions_truncate_and_round_as_gcc() {
    assert_eq!(fold_float(FloatOp::Conv, Some(&D), &Type::INT, &[d(-2.7)]), Some(-2));
    assert_eq!(fold_float(FloatOp::Conv, Some(&Type::INT), &F, &[16_777_217]), Some(f(16_777_216.0)));
    assert_eq!(fold_float(FloatOp::Conv, Some(&D), &F, &[d(1e20 + 1.0)]), Some(f(1e20)));
    let ulong = Type::Int { bits: 64, signed: false };
    assert_eq!(fold_float(FloatOp::Conv, Some(&ulong), &D, &[u64::MAX as i128]), Some(d(18446744073709551616.0)));
}

#[test]
fn undefined_or_unmodelled_operations_stop() {
    // out of range of the integer type: undefined in C, no value
    assert_eq!(fold_float(FloatOp::Conv, Some(&D), &Type::INT, &[d(3e9)]), None);
    assert_eq!(fold_float(FloatOp::Conv, Some(&D), &Type::UINT, &[d(-1.0)]), None);
    assert_eq!(fold_float(FloatOp::Conv, Some(&D), &Type::INT, &[d(f64::NAN)]), None);
    // long double (x87) is not computed with
    assert_eq!(fold_float(FloatOp::Add, Some(&LD), &LD, &[d(1.0), d(1.0)]), None);
}
