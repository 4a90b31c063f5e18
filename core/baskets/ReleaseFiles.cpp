#include "core/baskets/ReleaseFiles.h"

#include "core/data/Errors.h"
#include "core/data/InputFile.h"

#include <charconv>

namespace rr {

void appendFimiLine(std::string& line, const Transactions& labels, std::span<const std::uint32_t> basket)
{
    char number[16];
    for (std::size_t k = 0; k < basket.size(); ++k) {
        if (k)
            line.push_back(' ');
        const auto r = std::to_chars(number, number + sizeof number, labels.label(basket[k]));
        line.append(number, r.ptr);
    }
}

void writeFimi(std::ostream& out, const Transactions& t, const BasketProgress& progress)
{
    constexpr std::size_t kFlushBytes = std::size_t(1) << 20;
    std::string buffer;
    buffer.reserve(kFlushBytes + 4096);
    for (std::size_t i = 0; i < t.size(); ++i) {
        appendFimiLine(buffer, t, t.basket(i));
        buffer.push_back('\n');
        if (buffer.size() >= kFlushBytes) {
            out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
            buffer.clear();
            reportProgress(progress, static_cast<double>(i + 1) / static_cast<double>(t.size()));
        }
    }
    out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    if (!out)
        throw InputError("writing the baskets failed (disk full or the file was closed?)");
    reportProgress(progress, 1.0);
}

void writeSizes(std::ostream& out, std::span<const std::uint32_t> sizes)
{
    std::string buffer;
    buffer.reserve(sizes.size() * 3);
    char number[16];
    for (std::uint32_t m : sizes) {
        const auto r = std::to_chars(number, number + sizeof number, m);
        buffer.append(number, r.ptr);
        buffer.push_back('\n');
    }
    out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    if (!out)
        throw InputError("writing the basket sizes failed (disk full or the file was closed?)");
}

namespace {

// The start of a bad line for a message: control bytes (a NUL would end the message) shown as '?'.
std::string excerptOf(const std::string& line)
{
    std::string out = line.substr(0, 24);
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = '?';
    return out;
}

} // namespace

std::vector<std::uint32_t> readSizes(std::istream& in, std::size_t expectedBaskets, const std::string& sourceName,
                                     std::uint32_t maxSize)
{
    std::vector<std::uint32_t> sizes;
    sizes.reserve(expectedBaskets);
    std::string line;
    std::size_t lineNo = 0;
    // A size has at most 10 digits: a longer line is an error without reading the rest of it.
    for (LineRead got; (got = readLineBounded(in, line, 64)) != LineRead::End;) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (got == LineRead::TooLong)
            throw InputError(sourceName + " line " + std::to_string(lineNo) + ": '" + excerptOf(line) +
                             "...' is not a basket size (an integer 0.." + std::to_string(maxSize) + ")");
        if (lineNo > expectedBaskets)
            throw InputError(sourceName + " line " + std::to_string(lineNo) + ": more sizes than the " +
                             std::to_string(expectedBaskets) + " baskets of the release");
        std::uint32_t m = 0;
        const auto r = std::from_chars(line.data(), line.data() + line.size(), m);
        if (line.empty() || r.ec != std::errc() || r.ptr != line.data() + line.size() || m > maxSize)
            throw InputError(sourceName + " line " + std::to_string(lineNo) + ": '" + excerptOf(line) +
                             "' is not a basket size (an integer 0.." + std::to_string(maxSize) + ")");
        sizes.push_back(m);
    }
    if (sizes.size() != expectedBaskets)
        throw InputError(sourceName + " has " + std::to_string(sizes.size()) + " sizes but the release has " +
                         std::to_string(expectedBaskets) + " baskets (one size a line, line i for basket i)");
    return sizes;
}

} // namespace rr
