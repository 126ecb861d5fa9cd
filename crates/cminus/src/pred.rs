//! Predicates of the abstraction: pure boolean C-- expressions, global or local to a
//! procedure, in one canonical form shared by the rule's initial predicates (slic), the
//! refiner's new ones (Newton), the loop's set (engine) and the abstraction (c2bp).

use crate::{BinOp, Expr, UnOp};

/// A predicate with its scope: `None` for global, `Some(proc)` for local to `proc`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pred {
    pub expr: Expr,
    pub scope: Option<String>,
}

impl Pred {
    pub fn global(expr: Expr) -> Pred {
        Pred { expr, scope: None }
    }
    pub fn local(proc: &str, expr: Expr) -> Pred {
        Pred { expr, scope: Some(proc.to_string()) }
    }
}

/// A predicate and its negation are one predicate: keep one form (`==`, `<`, `<=`, no `!`).
pub fn canonical(e: Expr) -> Expr {
    match e {
        Expr::Unary(UnOp::Not, inner) => canonical(*inner),
        Expr::Binary(BinOp::Ne, a, b) => Expr::Binary(BinOp::Eq, a, b),
        Expr::Binary(BinOp::Ge, a, b) => Expr::Binary(BinOp::Lt, a, b),
        Expr::Binary(BinOp::Gt, a, b) => Expr::Binary(BinOp::Le, a, b),
        e => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negations_share_one_form() {
        let x = || Box::new(Expr::var("x"));
        let one = || Box::new(Expr::Int(1));
        let lt = Expr::Binary(BinOp::Lt, x(), one());
        assert_eq!(canonical(Expr::Binary(BinOp::Ge, x(), one())), lt);
        assert_eq!(canonical(Expr::Unary(UnOp::Not, Box::new(lt.clone()))), lt);
        assert_eq!(canonical(Expr::Binary(BinOp::Ne, x(), one())), Expr::Binary(BinOp::Eq, x(), one()));
        assert_eq!(canonical(Expr::Binary(BinOp::Gt, x(), one())), Expr::Binary(BinOp::Le, x(), one()));
    }
}
