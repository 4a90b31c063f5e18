#include "core/data/Binning.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <limits>
#include <set>
#include <utility>

namespace rr {
namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

std::string problem(std::string_view option, const std::string& attribute, const std::string& what)
{
    return std::string(option) + (attribute.empty() ? "" : " " + attribute) + ": " + what;
}

// A cut: a number, or inf / -inf (any case, "+inf" too).
double parseCut(std::string_view text, std::string_view option, const std::string& attribute)
{
    const std::string_view t = trim(text);
    std::string lower(t);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower == "inf" || lower == "+inf" || lower == "infinity")
        return std::numeric_limits<double>::infinity();
    if (lower == "-inf" || lower == "-infinity")
        return -std::numeric_limits<double>::infinity();
    if (const auto v = numericValue(t))
        return *v;
    throw InputError(problem(option, attribute, "cut point '" + std::string(t) + "' is not a number"));
}

int parseBinCount(std::string_view text, std::string_view option, const std::string& attribute)
{
    const std::string_view t = trim(text);
    long long k = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), k);
    if (t.empty() || ec != std::errc() || end != t.data() + t.size())
        throw InputError(problem(option, attribute, "the number of bins '" + std::string(t) + "' is not a whole number"));
    if (k < 2 || k > kMaxBins)
        throw InputError(problem(option, attribute,
                                 "the number of bins must lie in [2, " + std::to_string(kMaxBins) + "], got " +
                                     std::string(t)));
    return static_cast<int>(k);
}

// numpy's linear interpolation (_lerp): exact at both ends.
double lerp(double a, double b, double t)
{
    const double diff = b - a;
    return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
}

// A cut as shown in a label: 10 significant digits (numpy's 2.999999999999999 shows as 3).
double shown(double value)
{
    if (std::isinf(value) || value == 0)
        return value;
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.10g", value);
    return std::strtod(buffer, nullptr);
}

std::vector<std::string> labels(const std::vector<double>& cuts, bool lastClosed)
{
    std::vector<double> display;
    for (double c : cuts)
        display.push_back(shown(c));
    if (std::adjacent_find(display.begin(), display.end()) != display.end())
        display = cuts; // rounding would merge two cuts: show them in full
    std::vector<std::string> out;
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
        const bool closed = lastClosed && i + 2 == cuts.size() && !std::isinf(cuts[i + 1]);
        out.push_back((std::isinf(cuts[i]) ? "(" : "[") + formatCut(display[i]) + ", " + formatCut(display[i + 1]) +
                      (closed ? "]" : ")"));
    }
    return out;
}

} // namespace

std::optional<double> numericValue(std::string_view text)
{
    std::string_view t = trim(text);
    if (!t.empty() && t.front() == '+')
        t.remove_prefix(1);
    if (t.empty())
        return std::nullopt;
    double v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc() || end != t.data() + t.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::string formatCut(double value)
{
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    if (value == 0)
        return "0"; // -0 too
    char buffer[64];
    const bool plain = std::fabs(value) < 1e15 && std::fabs(value) >= 1e-6;
    const auto [end, ec] = plain ? std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed)
                                 : std::to_chars(buffer, buffer + sizeof buffer, value);
    return ec == std::errc() ? std::string(buffer, end) : std::to_string(value);
}

void checkBinSpec(const BinSpec& spec, std::string_view option)
{
    if (spec.attribute.empty())
        throw InputError(std::string(option) + " needs NAME=SPEC with an attribute name");
    if (spec.kind != BinKind::CutPoints) {
        if (spec.bins < 2 || spec.bins > kMaxBins)
            throw InputError(problem(option, spec.attribute,
                                     "the number of bins must lie in [2, " + std::to_string(kMaxBins) + "], got " +
                                         std::to_string(spec.bins)));
        return;
    }
    if (spec.cuts.size() < 2)
        throw InputError(problem(option, spec.attribute, "give at least two cut points (one bin)"));
    if (spec.cuts.size() > static_cast<std::size_t>(kMaxBins) + 1)
        throw InputError(problem(option, spec.attribute,
                                 "at most " + std::to_string(kMaxBins + 1) + " cut points (" + std::to_string(kMaxBins) +
                                     " bins), got " + std::to_string(spec.cuts.size())));
    for (std::size_t i = 0; i < spec.cuts.size(); ++i) {
        const double c = spec.cuts[i];
        if (std::isnan(c))
            throw InputError(problem(option, spec.attribute, "a cut point is not a number (nan)"));
        if (std::isinf(c) && ((c > 0 && i + 1 != spec.cuts.size()) || (c < 0 && i != 0)))
            throw InputError(problem(option, spec.attribute, "inf may only be the last cut point and -inf the first"));
        if (i > 0 && !(spec.cuts[i - 1] < c))
            throw InputError(problem(option, spec.attribute,
                                     "cut points must be strictly increasing: " + formatCut(spec.cuts[i - 1]) +
                                         " is followed by " + formatCut(c)));
    }
}

BinSpec parseBinSpec(std::string_view text, std::string_view option)
{
    const std::size_t eq = text.find('=');
    if (eq == std::string_view::npos)
        throw InputError(std::string(option) + " takes NAME=CUTS (0,18,inf), NAME=width:K or NAME=quantiles:K; got '" +
                         std::string(text) + "'");
    BinSpec spec;
    spec.attribute = std::string(trim(text.substr(0, eq)));
    if (spec.attribute.empty())
        throw InputError(std::string(option) + " needs an attribute name before '=' in '" + std::string(text) + "'");
    const std::string_view rest = trim(text.substr(eq + 1));
    if (rest.empty())
        throw InputError(problem(option, spec.attribute, "no cut points or bins after '='"));
    if (rest.starts_with("width:")) {
        spec.kind = BinKind::EqualWidth;
        spec.bins = parseBinCount(rest.substr(6), option, spec.attribute);
    } else if (rest.starts_with("quantiles:")) {
        spec.kind = BinKind::Quantiles;
        spec.bins = parseBinCount(rest.substr(10), option, spec.attribute);
    } else {
        std::size_t start = 0;
        while (true) {
            const std::size_t comma = rest.find(',', start);
            const std::string_view item = rest.substr(start, comma == std::string_view::npos ? rest.npos : comma - start);
            if (trim(item).empty())
                throw InputError(problem(option, spec.attribute, "an empty cut point in '" + std::string(rest) + "'"));
            if (spec.cuts.size() > static_cast<std::size_t>(kMaxBins))
                throw InputError(problem(option, spec.attribute,
                                         "more than " + std::to_string(kMaxBins + 1) + " cut points"));
            spec.cuts.push_back(parseCut(item, option, spec.attribute));
            if (comma == std::string_view::npos)
                break;
            start = comma + 1;
        }
    }
    checkBinSpec(spec, option);
    return spec;
}

std::vector<BinSpec> parseBinSpecs(const std::vector<std::string>& texts, std::string_view option)
{
    std::vector<BinSpec> out;
    std::set<std::string> seen;
    for (const auto& t : texts) {
        BinSpec s = parseBinSpec(t, option);
        if (!seen.insert(s.attribute).second)
            throw InputError(problem(option, s.attribute, "the attribute is binned twice"));
        out.push_back(std::move(s));
    }
    return out;
}

std::string binSpecText(const BinSpec& spec)
{
    switch (spec.kind) {
    case BinKind::EqualWidth:
        return "width:" + std::to_string(spec.bins);
    case BinKind::Quantiles:
        return "quantiles:" + std::to_string(spec.bins);
    case BinKind::CutPoints:
        break;
    }
    std::string out;
    for (double c : spec.cuts) {
        // Full precision, so the text reads back as the same cuts.
        char buffer[64];
        const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, c);
        out += (out.empty() ? "" : ",") + (std::isinf(c) ? formatCut(c) : std::string(buffer, end));
    }
    return out;
}

int Bins::binOf(double value) const
{
    if (cuts.size() < 2 || value < cuts.front())
        return -1;
    if (value >= cuts.back())
        return lastClosed && value == cuts.back() ? static_cast<int>(size()) - 1 : -1;
    // The first cut above the value closes its bin.
    const auto it = std::upper_bound(cuts.begin(), cuts.end(), value);
    return static_cast<int>(it - cuts.begin()) - 1;
}

NumericProfile numericProfile(const std::vector<std::string>& categories)
{
    NumericProfile p;
    std::vector<double> values;
    values.reserve(categories.size());
    for (const auto& c : categories) {
        const auto v = numericValue(c);
        if (!v) {
            p.distinct = categories.size();
            return p;
        }
        values.push_back(*v);
    }
    std::sort(values.begin(), values.end());
    p.numeric = !values.empty();
    if (p.numeric) {
        p.min = values.front();
        p.max = values.back();
    }
    p.distinct = static_cast<std::size_t>(std::unique(values.begin(), values.end()) - values.begin());
    p.needsBinning = p.numeric && p.distinct > kNeedsBinningDistinct;
    return p;
}

namespace {

// The categories' distinct numbers with their weights, ascending ("1" and "1.0" are one value).
std::vector<std::pair<double, double>> weightedValues(const BinSpec& spec, const std::vector<std::string>& categories,
                                                      const std::vector<double>& counts)
{
    std::vector<std::pair<double, double>> values;
    for (std::size_t i = 0; i < categories.size(); ++i)
        if (const auto v = numericValue(categories[i]); v && i < counts.size() && counts[i] > 0)
            values.emplace_back(*v, counts[i]);
    if (values.empty())
        throw InputError("attribute '" + spec.attribute + "' has no number to bin");
    std::sort(values.begin(), values.end());
    std::size_t w = 0;
    for (std::size_t i = 1; i < values.size(); ++i) { // "1" and "1.0" are one value
        if (values[i].first == values[w].first)
            values[w].second += values[i].second;
        else
            values[++w] = values[i];
    }
    values.resize(w + 1);
    return values;
}

// The weighted quantiles j/k with numpy's linear rule: virtual index h = (W - 1) q into the sorted records
// (the weight of a value is its number of records).
std::vector<double> quantileCuts(const std::vector<std::pair<double, double>>& values, int k)
{
    const double lo = values.front().first, hi = values.back().first;
    std::vector<double> cuts;
    double total = 0;
    for (const auto& v : values)
        total += v.second;
    std::vector<double> cumulative; // records up to and including value i
    double sum = 0;
    for (const auto& v : values)
        cumulative.push_back(sum += v.second);
    const auto at = [&](double rank) { // the value of the record at 0-based rank
        const auto it = std::upper_bound(cumulative.begin(), cumulative.end(), rank);
        return it == cumulative.end() ? hi : values[static_cast<std::size_t>(it - cumulative.begin())].first;
    };
    const double step = 1.0 / k;
    for (int j = 0; j <= k; ++j) {
        const double q = j == k ? 1.0 : j * step;
        const double h = (total - 1) * q;
        const double below = std::floor(h);
        cuts.push_back(j == 0 ? lo : j == k ? hi : lerp(at(below), at(below + 1), h - below));
    }
    return cuts;
}

} // namespace

Bins resolveBins(const BinSpec& spec, const std::vector<std::string>& categories, const std::vector<double>& counts)
{
    checkBinSpec(spec);
    Bins bins;
    if (spec.kind == BinKind::CutPoints) {
        bins.cuts = spec.cuts;
    } else {
        const std::vector<std::pair<double, double>> values = weightedValues(spec, categories, counts);
        const double lo = values.front().first, hi = values.back().first;
        const int k = spec.bins;
        std::vector<double> cuts;
        if (spec.kind == BinKind::EqualWidth) {
            const double step = (hi - lo) / k; // numpy.linspace: start + j * step, the end exact
            for (int j = 0; j < k; ++j)
                cuts.push_back(lo + j * step);
            cuts.push_back(hi);
        } else {
            cuts = quantileCuts(values, k);
        }
        cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end()); // pandas duplicates='drop'
        if (cuts.size() == 1)
            cuts.push_back(cuts.front()); // a single value: one closed bin [v, v]
        bins.cuts = std::move(cuts);
        bins.lastClosed = true;
    }
    bins.labels = labels(bins.cuts, bins.lastClosed);
    return bins;
}

int binOfText(const Bins& bins, std::string_view text)
{
    const auto v = numericValue(text);
    return v ? bins.binOf(*v) : kBinNotNumeric;
}

BinCounts countBins(const Bins& bins, const std::vector<std::string>& categories, const std::vector<double>& counts)
{
    BinCounts out;
    out.counts.assign(bins.size(), 0.0);
    for (std::size_t i = 0; i < categories.size(); ++i) {
        const int b = binOfText(bins, categories[i]);
        out.binOfCategory.push_back(b);
        const double c = i < counts.size() ? counts[i] : 0.0;
        if (b >= 0)
            out.counts[static_cast<std::size_t>(b)] += c;
        else if (b == kBinOutside)
            out.outside += c;
        else
            out.notNumeric += c;
    }
    return out;
}

} // namespace rr
