#pragma once
// Numeric attributes (age, income) cut into bins so they can be analysed as categories (issue 21).
// A bin is right-open, [a, b); the last bin of equal-width and quantile bins is closed, [a, b], so the
// largest value falls in it (as pandas' cut and qcut keep it). The owner's cut points are kept as given:
// a value at or above the last finite cut lies outside them (pandas `cut(..., right=False)`).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rr {

enum class BinKind {
    CutPoints,  // the owner's cuts: strictly increasing, -inf / inf allowed at the ends
    EqualWidth, // k bins of equal width between the smallest and the largest value
    Quantiles   // k bins between the weighted quantiles j/k (linear interpolation, numpy's default)
};

inline constexpr int kMaxBins = 1000;
// A numeric attribute with more distinct values than this is offered as not analysable until binned:
// Adult's age (73 values) and fnlwgt (~28,000) are; education-num (16) is not.
inline constexpr std::size_t kNeedsBinningDistinct = 50;

struct BinSpec {
    std::string attribute;
    BinKind kind = BinKind::CutPoints;
    std::vector<double> cuts; // CutPoints
    int bins = 0;             // EqualWidth, Quantiles

    bool operator==(const BinSpec&) const = default;
};

// "age=0,18,30,45,65,inf", "age=width:5", "age=quantiles:4". InputError naming `option` and the problem.
BinSpec parseBinSpec(std::string_view text, std::string_view option = "--bin");
// Several; an attribute binned twice is refused.
std::vector<BinSpec> parseBinSpecs(const std::vector<std::string>& texts, std::string_view option = "--bin");
// The spec's text after "NAME=": "0,18,inf", "width:5", "quantiles:4" (parseBinSpec reads it back).
std::string binSpecText(const BinSpec& spec);
// Checks a spec made in code (a session, a dialog): the rules parseBinSpec applies. InputError.
void checkBinSpec(const BinSpec& spec, std::string_view option = "--bin");

// A category's value as a finite number ("39", " 1.5", "-2e3"), or nothing (not a number, inf, nan).
std::optional<double> numericValue(std::string_view text);
// "18", "0.25", "inf", "-inf": the shortest text that reads back as the same number.
std::string formatCut(double value);

// Cut points resolved against the data.
struct Bins {
    std::vector<double> cuts; // at least 2, strictly increasing (or two equal cuts: one value, one closed bin)
    bool lastClosed = false;  // the last bin includes its upper cut
    std::vector<std::string> labels; // "[18, 30)", "[65, inf)", "[80, 90]"

    std::size_t size() const { return labels.size(); }
    // The bin of a value, or -1 when it lies outside the cuts.
    int binOf(double value) const;
};

// What the attribute's values say about it.
struct NumericProfile {
    bool numeric = false;     // every non-missing category is a finite number (and there is one)
    std::size_t distinct = 0; // distinct numbers (or categories when not numeric)
    bool needsBinning = false; // numeric with more than kNeedsBinningDistinct distinct values
    double min = 0, max = 0;   // of the numbers, when numeric
};
NumericProfile numericProfile(const std::vector<std::string>& categories);

// The bins of `spec` over an attribute's categories and their (weighted) counts. Width and quantile
// bins are found from the numeric categories; non-numeric ones are ignored. InputError when there is no
// number to bin.
Bins resolveBins(const BinSpec& spec, const std::vector<std::string>& categories, const std::vector<double>& counts);

// Category -> bin over a summary: the bin of each category (-1 outside, -2 not a number) and the
// weighted counts per bin with what became missing.
struct BinCounts {
    std::vector<int> binOfCategory;
    std::vector<double> counts; // per bin
    double notNumeric = 0;
    double outside = 0;
};
inline constexpr int kBinOutside = -1;
inline constexpr int kBinNotNumeric = -2;
int binOfText(const Bins& bins, std::string_view text);
BinCounts countBins(const Bins& bins, const std::vector<std::string>& categories, const std::vector<double>& counts);

} // namespace rr
