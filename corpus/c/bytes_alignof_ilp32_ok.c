// slam: lowers
// expect: SAFE
// data_model: ILP32
// Issue 27, minimal program 7: gcc -m32 (≥ 11) aligns long long to 4 in structs
// (_Alignof) but _Atomic long long to 8.
void reach_error(void);
int main(void) {
    if (_Alignof(_Atomic long long) != 8 || _Alignof(long long) != 4)
        reach_error();
    return 0;
}
