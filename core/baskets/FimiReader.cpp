#include "core/baskets/FimiReader.h"

#include "core/data/Errors.h"
#include "core/data/InputFile.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace rr {

namespace {

constexpr std::size_t kChunkBytes = std::size_t(1) << 20;
constexpr std::size_t kProgressLines = 1u << 14;

std::string shown(std::string_view token)
{
    constexpr std::size_t kShown = 24;
    return token.size() <= kShown ? std::string(token) : std::string(token.substr(0, kShown)) + "...";
}

// Parses one line at a time into baskets; shared by the buffer and the stream readers.
class FimiParser {
public:
    // With `sink`, each basket goes there and none is held (the limits on baskets and occurrences, which bound
    // what is held, do not apply); otherwise the baskets are collected.
    explicit FimiParser(const FimiOptions& options, const FimiBasketSink* sink = nullptr)
        : m_options(options), m_sink(sink)
    {}

    void line(std::string_view text)
    {
        const std::size_t lineNo = ++m_data.report.lines;
        if (!text.empty() && text.back() == '\r') {
            text.remove_suffix(1);
            ++m_data.report.crlfLines;
        }
        if (text.size() > m_options.limits.maxLineBytes)
            fail(lineNo, "is " + std::to_string(text.size()) + " bytes long; the limit is " +
                             std::to_string(m_options.limits.maxLineBytes) + " bytes per line");
        m_basket.clear();
        std::size_t pos = 0;
        while (pos < text.size()) {
            while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t'))
                ++pos;
            if (pos == text.size())
                break;
            const std::size_t start = pos;
            while (pos < text.size() && text[pos] != ' ' && text[pos] != '\t')
                ++pos;
            m_basket.push_back(itemId(text.substr(start, pos - start), lineNo, start + 1));
            if (m_basket.size() > m_options.limits.maxBasketItems)
                fail(lineNo, "has more than " + std::to_string(m_options.limits.maxBasketItems) +
                                 " items; the limit is " + std::to_string(m_options.limits.maxBasketItems) +
                                 " items per basket");
        }
        if (m_basket.empty()) {
            ++m_data.report.emptyLines;
            if (m_data.report.firstEmptyLines.size() < 10)
                m_data.report.firstEmptyLines.push_back(lineNo);
            if (m_options.emptyLines == EmptyLinePolicy::Skip)
                return;
        }
        collapseDuplicates(lineNo);
        if (m_sink) {
            ++m_baskets;
            m_occurrences += m_basket.size();
            (*m_sink)(m_basket);
            return;
        }
        if (m_data.transactions.size() + 1 > m_options.limits.maxBaskets)
            fail(lineNo, "exceeds the limit of " + std::to_string(m_options.limits.maxBaskets) + " baskets");
        if (m_data.transactions.occurrences() + m_basket.size() > m_options.limits.maxOccurrences)
            fail(lineNo,
                 "brings the item occurrences above the limit of " + std::to_string(m_options.limits.maxOccurrences));
        m_data.transactions.append(m_basket);
    }

    FimiData finish()
    {
        m_data.transactions.itemCount = m_options.itemCount > 0 ? m_options.itemCount : (m_anyItem ? m_maxId + 1 : 0);
        return std::move(m_data);
    }

    FimiScan finishScan()
    {
        FimiScan out;
        out.report = std::move(m_data.report);
        out.itemCount = m_options.itemCount > 0 ? m_options.itemCount : (m_anyItem ? m_maxId + 1 : 0);
        out.baskets = m_baskets;
        out.occurrences = m_occurrences;
        return out;
    }

    std::size_t lines() const { return m_data.report.lines; }
    std::size_t maxLineBytes() const { return m_options.limits.maxLineBytes; }
    [[noreturn]] void fail(std::size_t lineNo, const std::string& what) const
    {
        throw InputError(m_options.sourceName + " line " + std::to_string(lineNo) + " " + what);
    }

private:
    std::uint32_t itemId(std::string_view token, std::size_t lineNo, std::size_t column)
    {
        for (std::size_t i = 0; i < token.size(); ++i) {
            const auto c = static_cast<unsigned char>(token[i]);
            if (c < 0x21 || c > 0x7E) {
                char hex[8];
                std::snprintf(hex, sizeof hex, "0x%02X", c);
                fail(lineNo, "column " + std::to_string(column + i) + ": invalid byte " + hex +
                                 " (a FIMI line holds decimal item ids separated by spaces or tabs)");
            }
        }
        const bool digits = std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (!digits) {
            const bool negative =
                token.size() > 1 && token[0] == '-' &&
                std::all_of(token.begin() + 1, token.end(), [](char c) { return c >= '0' && c <= '9'; });
            if (negative)
                fail(lineNo, "column " + std::to_string(column) + ": item id " + shown(token) +
                                 " is negative; item ids are integers 0.." +
                                 std::to_string(m_options.limits.maxItemId));
            fail(lineNo, "column " + std::to_string(column) + ": token '" + shown(token) +
                             "' is not an integer item id (0.." + std::to_string(m_options.limits.maxItemId) + ")");
        }
        std::uint64_t v = 0;
        for (char c : token) {
            v = v * 10 + static_cast<std::uint64_t>(c - '0');
            if (v > m_options.limits.maxItemId)
                fail(lineNo, "column " + std::to_string(column) + ": item id " + shown(token) +
                                 " exceeds the limit of " + std::to_string(m_options.limits.maxItemId));
        }
        const auto id = static_cast<std::uint32_t>(v);
        if (m_options.itemCount > 0 && id >= m_options.itemCount)
            fail(lineNo, "column " + std::to_string(column) + ": item " + std::to_string(id) +
                             " is outside the universe of " + std::to_string(m_options.itemCount) + " items (0.." +
                             std::to_string(m_options.itemCount - 1) + ")");
        m_maxId = m_anyItem ? std::max(m_maxId, id) : id;
        m_anyItem = true;
        return id;
    }

    void collapseDuplicates(std::size_t lineNo)
    {
        if (!std::is_sorted(m_basket.begin(), m_basket.end()))
            std::sort(m_basket.begin(), m_basket.end());
        const auto last = std::unique(m_basket.begin(), m_basket.end());
        const auto removed = static_cast<std::size_t>(m_basket.end() - last);
        if (removed == 0)
            return;
        m_basket.erase(last, m_basket.end());
        m_data.report.duplicateItems += removed;
        if (m_data.report.basketsWithDuplicates++ == 0)
            m_data.report.firstDuplicateLine = lineNo;
    }

    const FimiOptions& m_options;
    const FimiBasketSink* m_sink;
    std::size_t m_baskets = 0, m_occurrences = 0; // with a sink
    FimiData m_data;
    std::vector<std::uint32_t> m_basket;
    std::uint32_t m_maxId = 0;
    bool m_anyItem = false;
};

} // namespace

FimiData parseFimi(std::string_view text, const FimiOptions& options, const BasketProgress& progress)
{
    FimiParser parser(options);
    std::size_t pos = 0;
    reportProgress(progress, 0.0);
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        parser.line(text.substr(pos, end - pos));
        pos = end + 1;
        if (parser.lines() % kProgressLines == 0)
            reportProgress(progress,
                           static_cast<double>(std::min(pos, text.size())) / static_cast<double>(text.size()));
    }
    reportProgress(progress, 1.0);
    return parser.finish();
}

namespace {

// Hands every line of `in` to `parser`, in chunks (a line may span them; its length is checked as it grows).
void feedLines(std::istream& in, FimiParser& parser, const FimiOptions& options, const BasketProgress& progress)
{
    // the total size, when the stream can tell it, drives the progress fraction
    double total = 0;
    if (progress) {
        const auto here = in.tellg();
        if (here != std::streampos(-1) && in.seekg(0, std::ios::end)) {
            total = static_cast<double>(in.tellg() - here);
            in.seekg(here);
        }
        in.clear();
    }
    reportProgress(progress, 0.0);
    std::string carry;
    std::vector<char> chunk(kChunkBytes);
    double consumed = 0;
    while (in) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        const auto got = static_cast<std::size_t>(in.gcount());
        if (got == 0)
            break;
        consumed += static_cast<double>(got);
        std::string_view view(chunk.data(), got);
        std::size_t pos = 0;
        for (std::size_t nl; (nl = view.find('\n', pos)) != std::string_view::npos; pos = nl + 1) {
            if (carry.empty()) {
                parser.line(view.substr(pos, nl - pos));
            } else {
                carry.append(view.substr(pos, nl - pos));
                parser.line(carry);
                carry.clear();
            }
        }
        carry.append(view.substr(pos));
        if (carry.size() > parser.maxLineBytes() + 1) // + 1 for a '\r' before the '\n'
            parser.fail(parser.lines() + 1,
                        "is longer than the limit of " + std::to_string(parser.maxLineBytes()) + " bytes per line");
        if (total > 0)
            reportProgress(progress, std::min(1.0, consumed / total));
        else
            reportProgress(progress, 0.0);
    }
    if (in.bad())
        throw InputError(options.sourceName + ": read error after line " + std::to_string(parser.lines()));
    if (!carry.empty())
        parser.line(carry);
    reportProgress(progress, 1.0);
}

} // namespace

FimiData readFimi(std::istream& in, const FimiOptions& options, const BasketProgress& progress)
{
    FimiParser parser(options);
    feedLines(in, parser, options, progress);
    return parser.finish();
}

FimiScan scanFimi(std::istream& in, const FimiOptions& options, const FimiBasketSink& basket,
                  const BasketProgress& progress)
{
    FimiParser parser(options, &basket);
    feedLines(in, parser, options, progress);
    return parser.finishScan();
}

namespace {

// A basket file opened for reading (a regular file, InputError otherwise); its name goes into the messages.
std::ifstream openBasketFile(const std::string& path, FimiOptions& options)
{
    checkInputFile(path, "the basket file");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError("cannot open the basket file " + path);
    if (options.sourceName == "input")
        options.sourceName = path;
    return in;
}

} // namespace

FimiScan scanFimiFile(const std::string& path, FimiOptions options, const FimiBasketSink& basket,
                      const BasketProgress& progress)
{
    std::ifstream in = openBasketFile(path, options);
    return scanFimi(in, options, basket, progress);
}

FimiData readFimiFile(const std::string& path, FimiOptions options, const BasketProgress& progress)
{
    std::ifstream in = openBasketFile(path, options);
    return readFimi(in, options, progress);
}

} // namespace rr
