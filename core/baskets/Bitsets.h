#pragma once
#include <cstddef>
#include <cstdint>

namespace rr {

// Population counts over bitset words, using the CPU's POPCNT where it has one (the x86-64 baseline
// lacks it and falls back to a slow library call).

// Bits set in a[begin, end) AND ... over the k bitsets.
std::uint64_t andPopcount(const std::uint64_t* const* sets, std::size_t k, std::size_t begin, std::size_t end);
// out = a AND b over `words` words; returns the bits set in out.
std::uint64_t andInto(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, std::size_t words);

} // namespace rr
