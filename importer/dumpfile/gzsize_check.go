package dumpfile

import "math"

// What keeps the size estimate from calling a size exact that is not (gzsize.go).
//
// ISIZE is the last member's size; only for a single-member file is it the whole file's. A
// `cat a.gz b.gz` whose member boundary no sample meets looks single-member, and b's ISIZE
// lies within gzipISIZETolerance of the sampled estimate when a is small, so it was taken
// for the total. Two guards: the candidate must agree with the samples as closely as the
// samples agree with each other (samplesTolerance), and once more bytes have been decoded
// than an "exact" size, the size is an estimate again (sizeSoFar).

// gzipISIZEMinTolerance is the least tolerance samplesTolerance gives: the estimate's
// own error on a uniform dump (each sample decodes from a block boundary, whose position
// costs up to a block's share of the sample).
const gzipISIZEMinTolerance = 0.03

// samplesTolerance is how far (a share of the estimate) an ISIZE candidate may lie from the
// sampled estimate: twice the largest deviation of a sample's ratio from their mean, at
// least gzipISIZEMinTolerance and at most gzipISIZETolerance. Samples that agree with each
// other make a precise estimate, and a candidate 10 % off it is then not this file's size
// but a last member's; samples that disagree (a dump's head compresses up to twice as well
// as its bulk: issue 17) leave the full tolerance, which is needed there to settle ISIZE's
// multiple of 4 GiB.
func samplesTolerance(ratios []float64) float64 {
	if len(ratios) < 2 {
		return gzipISIZETolerance
	}
	var mean float64
	for _, r := range ratios {
		mean += r
	}
	mean /= float64(len(ratios))
	var dev float64
	for _, r := range ratios {
		dev = max(dev, math.Abs(r-mean)/mean)
	}
	return min(gzipISIZETolerance, max(gzipISIZEMinTolerance, 2*dev))
}

// allZero reports whether b holds only zero bytes.
func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// sizeSoFar is e checked against the decoding so far: an exact size that fewer bytes than
// were already decoded is wrong (a member no sample met), and so is one read from ISIZE
// once the decoder has started a second member (the first member small enough that no
// sample met its end, and its share of the file within the samples' tolerance): either
// becomes an estimate from the compressed position (decoded bytes per compressed byte
// read, times the stored size), at least what was decoded. Progress then never sits at
// 100 % with the dump still running, and says "about" from the first member's end on.
func (in *Input) sizeSoFar(e sizeEstimate) sizeEstimate {
	if !e.Exact || in.uncompressed == nil {
		return e
	}
	read := in.uncompressed.n.Load()
	if read <= e.Bytes && (e.MultiMember || !in.multiMember.Load()) {
		return e
	}
	// Before the consumer has read much the projection is small (the decoder runs ahead of
	// it): the sampled size stays the floor.
	est := max(read, e.Bytes)
	if c := in.compressed.n.Load(); c > 0 && in.Size > c {
		est = max(est, int64(float64(read)/float64(c)*float64(in.Size)))
	}
	return sizeEstimate{Bytes: est, MultiMember: e.MultiMember || in.multiMember.Load()}
}
