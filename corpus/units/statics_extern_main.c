// A unit that calls `helper` as an external function while another unit has a `static`
// helper of its own: the call must not reach that one (it returns 0, which would make the
// error unreachable). Checked with statics_extern_other.c: VIOLATION (the external helper
// may return anything).
void reach_error(void);
int helper(void);
int other(void);
int main(void) {
    if (helper() == 42)
        reach_error();
    return other();
}
