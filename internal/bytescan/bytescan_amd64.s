//go:build amd64

#include "textflag.h"

// LANES turns the sixteen bytes in X0 into a bit a byte in AX: set where the byte x is
// c1 (X1), c2 (X2), or x&m (X3) is v (X4).
#define LANES \
	MOVOU X0, X5 \
	PCMPEQB X1, X5 \
	MOVOU X0, X6 \
	PCMPEQB X2, X6 \
	PAND X3, X0 \
	PCMPEQB X4, X0 \
	POR X5, X0 \
	POR X6, X0 \
	PMOVMSKB X0, AX

// func indexSSE2(b []byte, c1, c2, m, v byte) int
// Sixteen bytes a step: x == c1, x == c2 and x&m == v each give a 0xFF lane, PMOVMSKB
// gathers the lanes' high bits and BSF finds the first.
TEXT ·indexSSE2(SB), NOSPLIT, $0-40
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), BX
	MOVQ $0x0101010101010101, R8

	MOVBQZX c1+24(FP), AX
	IMULQ   R8, AX
	MOVQ    AX, X1
	PUNPCKLQDQ X1, X1
	MOVBQZX c2+25(FP), AX
	IMULQ   R8, AX
	MOVQ    AX, X2
	PUNPCKLQDQ X2, X2
	MOVBQZX m+26(FP), AX
	IMULQ   R8, AX
	MOVQ    AX, X3
	PUNPCKLQDQ X3, X3
	MOVBQZX v+27(FP), AX
	IMULQ   R8, AX
	MOVQ    AX, X4
	PUNPCKLQDQ X4, X4

	MOVQ SI, DI                  // DI: this step's first byte
	LEAQ -16(SI)(BX*1), R9       // R9: the last full step's first byte

loop:
	CMPQ DI, R9
	JHI  last
	MOVOU (DI), X0
	LANES
	TESTL AX, AX
	JNZ found
	ADDQ $16, DI
	JMP loop

last:
	// Fewer than sixteen bytes left: test the last sixteen, whose earlier bytes were
	// already found plain, so the first hit among them is the first in b.
	LEAQ (SI)(BX*1), R10
	CMPQ DI, R10
	JEQ  none
	MOVQ R9, DI
	MOVOU (DI), X0
	LANES
	TESTL AX, AX
	JNZ found

none:
	MOVQ $-1, ret+32(FP)
	RET

found:
	BSFL AX, AX
	SUBQ SI, DI
	ADDQ DI, AX
	MOVQ AX, ret+32(FP)
	RET
