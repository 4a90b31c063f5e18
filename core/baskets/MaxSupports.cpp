#include "core/baskets/MaxSupports.h"

#include "core/data/Errors.h"
#include "core/data/InputFile.h"

#include <charconv>
#include <sstream>

namespace rr {

namespace {

std::string number(double v)
{
    std::ostringstream os;
    os.precision(17);
    os << v;
    return os.str();
}

} // namespace

double MaxSupports::at(int k, int m) const
{
    if (k < 1)
        throw InputError("s_max(k, m) needs k >= 1");
    if (m < 0) {
        if (k > static_cast<int>(all.size()))
            throw InputError("no maximum support over all baskets for itemsets of size " + std::to_string(k));
        return all[static_cast<std::size_t>(k - 1)];
    }
    if (k > m)
        return 0.0;
    if (!hasSize(m))
        throw InputError("no maximum supports for baskets of size " + std::to_string(m));
    if (k > static_cast<int>(bySize[static_cast<std::size_t>(m)].size()))
        throw InputError("no maximum support s_max(" + std::to_string(k) + ", " + std::to_string(m) +
                         ") (the row of size " + std::to_string(m) +
                         " stops at k = " + std::to_string(bySize[static_cast<std::size_t>(m)].size()) + ")");
    return bySize[static_cast<std::size_t>(m)][static_cast<std::size_t>(k - 1)];
}

std::vector<double> MaxSupports::row(int m, int k) const
{
    std::vector<double> r;
    for (int j = 1; j <= k; ++j)
        r.push_back(at(j, m));
    return r;
}

namespace {

// Where a line of a maximum supports file is, for its messages.
struct SupportsLine {
    const std::string& source;
    std::size_t lineNo = 0;

    [[noreturn]] void fail(const std::string& what) const
    {
        throw InputError(source + " line " + std::to_string(lineNo) + ": " + what);
    }
};

// A line's basket size: an integer 1..100000, or -1 for '*' (all baskets).
int basketSizeOf(const std::string& head, const SupportsLine& at)
{
    constexpr int kMaxSize = 100000;
    int m = -1;
    if (head != "*") {
        const auto r = std::from_chars(head.data(), head.data() + head.size(), m);
        if (r.ec != std::errc() || r.ptr != head.data() + head.size() || m < 1 || m > kMaxSize)
            at.fail("'" + head + "' is not a basket size (an integer 1..100000, or * for all baskets)");
    }
    return m;
}

// The rest of a line: s_max(1, m), s_max(2, m), ..., each a fraction in [0, 1] and none above the one before.
std::vector<double> supportsOf(std::istringstream& fields, const std::string& head, const SupportsLine& at)
{
    std::vector<double> values;
    std::string token;
    while (fields >> token) {
        double v = 0;
        const auto r = std::from_chars(token.data(), token.data() + token.size(), v);
        if (r.ec != std::errc() || r.ptr != token.data() + token.size() || !(v >= 0.0 && v <= 1.0))
            at.fail("'" + token + "' is not a support (a fraction in [0, 1])");
        const int k = static_cast<int>(values.size()) + 1;
        if (!values.empty() && v > values.back() + 1e-12)
            at.fail("s_max(" + std::to_string(k) + ", " + head + ") = " + token + " exceeds s_max(" +
                    std::to_string(k - 1) + ", " + head + ") = " + number(values.back()) +
                    ": a larger itemset is never more frequent");
        values.push_back(v);
    }
    return values;
}

} // namespace

MaxSupports parseMaxSupports(std::istream& in, const std::string& source)
{
    constexpr std::size_t kMaxLine = 64 * 1024;
    MaxSupports out;
    std::string line;
    SupportsLine at{source};
    bool sawAll = false;
    for (LineRead got; (got = readLineBounded(in, line, kMaxLine)) != LineRead::End;) {
        ++at.lineNo;
        if (got == LineRead::TooLong)
            at.fail("is longer than the limit of 65536 bytes");
        if (const auto hash = line.find('#'); hash != std::string::npos)
            line.resize(hash);
        std::istringstream fields(line);
        std::string head;
        if (!(fields >> head))
            continue;
        const int m = basketSizeOf(head, at);
        std::vector<double> values = supportsOf(fields, head, at);
        if (values.empty())
            at.fail("size " + head + " has no maximum supports");
        if (m > 0 && static_cast<int>(values.size()) > m)
            at.fail("size " + head + " lists " + std::to_string(values.size()) + " supports; a basket of size " +
                    head + " holds itemsets of at most " + head + " items");
        if (m < 0) {
            if (sawAll)
                at.fail("'*' appears twice");
            sawAll = true;
            out.all = std::move(values);
            continue;
        }
        if (out.bySize.size() <= static_cast<std::size_t>(m))
            out.bySize.resize(static_cast<std::size_t>(m) + 1);
        if (!out.bySize[static_cast<std::size_t>(m)].empty())
            at.fail("size " + head + " appears twice");
        out.bySize[static_cast<std::size_t>(m)] = std::move(values);
    }
    out.exact.assign(out.bySize.size(), true);
    if (!sawAll && out.bySize.empty())
        throw InputError(source + " holds no maximum supports");
    return out;
}

void writeMaxSupports(std::ostream& out, const MaxSupports& s)
{
    out << "# s_max(k, m): the largest support of a k-itemset among the baskets of size m (004 Sec. 4.4)\n"
        << "# one line per size m: m s_max(1, m) s_max(2, m) ...; '*' = all baskets\n";
    const auto row = [&](const std::string& head, const std::vector<double>& values) {
        out << head;
        for (double v : values)
            out << ' ' << number(v);
        out << '\n';
    };
    for (std::size_t m = 0; m < s.bySize.size(); ++m)
        if (!s.bySize[m].empty())
            row(std::to_string(m), s.bySize[m]);
    if (!s.all.empty())
        row("*", s.all);
}

} // namespace rr
