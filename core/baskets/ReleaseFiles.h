#pragma once
#include "core/baskets/Progress.h"
#include "core/baskets/Transactions.h"

#include <cstdint>
#include <istream>
#include <ostream>
#include <span>
#include <string>
#include <vector>

namespace rr {

// Stream writers for a basket release (the caller makes the multi-file write atomic).
// FIMI: one basket a line, item labels ascending, separated by one space; an empty basket is an
// empty line, so line i of the release is always the i-th basket written (line i of the sizes file is its
// original size).
void writeFimi(std::ostream& out, const Transactions& transactions, const BasketProgress& progress = {});
// One basket's line without its end: its items' labels (`labels`: the file's ids) separated by one space.
void appendFimiLine(std::string& line, const Transactions& labels, std::span<const std::uint32_t> basket);

// The `.sizes` file beside a release: the original size m of basket i on line i, as a decimal
// integer (004 Sec. 4.4: the server knows m; Statement 1 and 3 recover supports per size).
void writeSizes(std::ostream& out, std::span<const std::uint32_t> sizes);

// Reads a `.sizes` file: exactly `expectedBaskets` lines, each a decimal integer 0..maxSize.
// InputError names the source and line for a bad value, a missing or an extra line.
std::vector<std::uint32_t> readSizes(std::istream& in, std::size_t expectedBaskets, const std::string& sourceName,
                                     std::uint32_t maxSize = 100'000);

} // namespace rr
