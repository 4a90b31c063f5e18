#include "app/cli/BasketOperatorOptions.h"

#include "app/cli/BasketParameterTables.h"
#include "app/cli/SampleDir.h"
#include "core/data/Errors.h"
#include "core/session/SessionFile.h"

#include <algorithm>
#include <optional>
#include <sstream>

namespace rr::cli {

std::string shortNumber(double v)
{
    std::ostringstream os;
    os.precision(10);
    os << v;
    return os.str();
}

double numberInRange(const std::string& text, const std::string& what, double lo, double hi, bool loOpen, bool hiOpen)
{
    const double v = parseNumber(text, what);
    const bool above = loOpen ? v > lo : v >= lo;
    const bool below = hiOpen ? v < hi : v <= hi;
    if (!above || !below)
        throw InputError(what + " must lie in " + (loOpen ? "(" : "[") + shortNumber(lo) + ", " + shortNumber(hi) +
                         (hiOpen ? ")" : "]") + ", got " + text);
    return v;
}

int integerInRange(const std::string& text, const std::string& what, long long lo, long long hi)
{
    const unsigned long long v = parseUnsigned(text, what);
    if (v < static_cast<unsigned long long>(lo) || v > static_cast<unsigned long long>(hi))
        throw InputError(what + " must be an integer in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " +
                         text);
    return static_cast<int>(v);
}

std::vector<OptionSpec> operatorOptions()
{
    return {
        {"session", "FILE",
         "a Baskets session saved by the app: its operator with every parameter (unless --operator is given), its "
         "baskets as the original data and its breach level, where the command line gives none"},
        {"operator", "NAME",
         "the randomization operator: item-bits (each item's bit kept with p, flipped otherwise; 003 Ch. 3, 001), "
         "uniform (004 Sec. 2), select-a-size (004 Def. 7), cut-and-paste (004 Def. 8), frequency-aware (002 Alg. 2)"},
        {"p", "P",
         "item-bits: the keep probability p of each item's bit, in (0.5, 1]; uniform: the probability p that an "
         "item is replaced by one not in the basket, in [0, 1) (004 Sec. 2)"},
        {"cutoff", "K", "cut-and-paste: the cutoff K_m, an integer 1..100000, for every basket size (004 Def. 8)"},
        {"rho", "R",
         "select-a-size, cut-and-paste: the randomization level rho_m in (0, 1), the chance that an item not kept "
         "is inserted, for every basket size (004 Def. 7, 8)"},
        {"rho-table", "FILE",
         "cut-and-paste per basket size: lines 'm K_m rho_m', '#' comments (004 Def. 8, Sec. 5.4); instead of "
         "--cutoff and --rho"},
        {"sizes", "P0,..,PM",
         "select-a-size: p_m[0..m] for baskets of size m, m+1 probabilities summing to 1 (004 Def. 7), with --rho"},
        {"sizes-table", "FILE",
         "select-a-size per basket size: lines 'm rho_m p_m[0] .. p_m[m]' (004 Def. 7); instead of --sizes and --rho"},
        {"fp", "F", "frequency-aware: the keep probability of frequent items' bits, in (0.5, 1] (002 Alg. 2)"},
        {"nfp", "N", "frequency-aware: the keep probability of the other items' bits, in (0.5, 1] (002 Alg. 2)"},
        {"frequent-support", "S",
         "frequency-aware: items in at least a fraction S in (0, 1] of the original baskets are frequent (002 "
         "Sec. 3.3)"},
    };
}

namespace {

const char* const kParameterOptions[] = {"p",     "cutoff", "rho", "rho-table",       "sizes",
                                         "sizes-table", "fp", "nfp", "frequent-support"};

// Which operator options are given: --session, --operator and the parameters (in kParameterOptions' order).
struct OperatorOptionsGiven {
    std::optional<std::string> session, name;
    std::vector<std::string> parameters;

    bool has(const std::string& parameter) const
    {
        return std::find(parameters.begin(), parameters.end(), parameter) != parameters.end();
    }
};

OperatorOptionsGiven operatorOptionsGiven(const Options& options)
{
    using G = OperatorOptionsGiven;
    std::vector<OptionBinding<G>> bindings{textOption("session", &G::session), textOption("operator", &G::name)};
    for (const char* name : kParameterOptions)
        bindings.push_back({name, [name](G& g, const std::string&) { g.parameters.push_back(name); }});
    G given;
    readOptions(options, given, bindings);
    return given;
}

// The session's operator, every parameter as the Baskets workspace set it.
OperatorParameters sessionOperator(const std::string& path, const OperatorOptionsGiven& given)
{
    if (!given.parameters.empty())
        throw InputError("--" + given.parameters.front() + " is given with --session but without --operator: give "
                         "--operator with all its parameters, or take the session's operator as it is");
    OperatorParameters a = operatorParameters(loadBasketsSessionFile(path, cliSampleDir()).choice);
    // Where the per-size tables came from (the JSON's rho_table / sizes_table).
    if (!a.rhoTable.empty())
        a.rhoTableFile = path;
    if (!a.sizesTable.empty())
        a.sizesTableFile = path;
    return a;
}

} // namespace

bool operatorFromSession(const Options& options)
{
    const OperatorOptionsGiven given = operatorOptionsGiven(options);
    return given.session && !given.name;
}

namespace {

// Each operator's parameters, refused for another operator.
void checkOperatorParameters(const OperatorOptionsGiven& given, OperatorKind kind)
{
    const std::string name = operatorName(kind);
    const auto only = [&](const std::string& option, std::initializer_list<OperatorKind> kinds, const char* who) {
        if (given.has(option) && std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
            throw InputError("--" + option + " applies to " + who + ", not to " + name);
    };
    using K = OperatorKind;
    only("p", {K::ItemBits, K::Uniform}, "item-bits and uniform");
    only("cutoff", {K::CutAndPaste}, "cut-and-paste");
    only("rho-table", {K::CutAndPaste}, "cut-and-paste");
    only("rho", {K::CutAndPaste, K::SelectASize}, "cut-and-paste and select-a-size");
    only("sizes", {K::SelectASize}, "select-a-size");
    only("sizes-table", {K::SelectASize}, "select-a-size");
    only("fp", {K::FrequencyAware}, "frequency-aware");
    only("nfp", {K::FrequencyAware}, "frequency-aware");
    only("frequent-support", {K::FrequencyAware}, "frequency-aware");
}

// What each parameter option sets, in the order the checks run.
std::vector<OptionBinding<OperatorParameters>> parameterBindings()
{
    using K = OperatorKind;
    return {
        {"p",
         [](OperatorParameters& a, const std::string& p) {
             a.p = a.kind == K::ItemBits
                       ? numberInRange(p, "--p (item-bits keep probability, 003 Ch. 3)", 0.5, 1.0, true, false)
                       : numberInRange(p, "--p (uniform replacement probability, 004 Sec. 2)", 0.0, 1.0, false, true);
         }},
        {"cutoff",
         [](OperatorParameters& a, const std::string& k) { a.cutoff = parseCutoff(k, "--cutoff (K_m, 004 Def. 8)"); }},
        {"rho", [](OperatorParameters& a,
                   const std::string& r) { a.rho = parseRho(r, "--rho (randomization level rho_m, 004 Def. 7, 8)"); }},
        {"rho-table",
         [](OperatorParameters& a, const std::string& t) {
             if (a.cutoff || a.rho)
                 throw InputError(
                     "give --cutoff and --rho (one pair for every basket size) or --rho-table FILE, not both");
             a.rhoTableFile = t;
             a.rhoTable = readRhoTable(t);
         }},
        {"sizes",
         [](OperatorParameters& a, const std::string& s) {
             const std::vector<std::string> fields = splitList(s, "sizes");
             if (fields.size() > static_cast<std::size_t>(kMaxBasketSize) + 1)
                 throw InputError("--sizes gives more than " + std::to_string(kMaxBasketSize + 1) + " probabilities");
             a.sizes = parseSizeProbabilities(fields, "--sizes");
         }},
        {"sizes-table",
         [](OperatorParameters& a, const std::string& t) {
             if (a.rho || a.sizes)
                 throw InputError("give --rho and --sizes (one basket size) or --sizes-table FILE, not both");
             a.sizesTableFile = t;
             a.sizesTable = readSizesTable(t);
         }},
        {"fp",
         [](OperatorParameters& a, const std::string& f) {
             a.fp = numberInRange(f, "--fp (frequent items' keep probability, 002 Alg. 2)", 0.5, 1.0, true, false);
         }},
        {"nfp",
         [](OperatorParameters& a, const std::string& f) {
             a.nfp = numberInRange(f, "--nfp (other items' keep probability, 002 Alg. 2)", 0.5, 1.0, true, false);
         }},
        {"frequent-support",
         [](OperatorParameters& a, const std::string& s) {
             a.frequentSupport = numberInRange(s, "--frequent-support", 0.0, 1.0, true, false);
         }},
    };
}

} // namespace

OperatorParameters operatorArgs(const Options& options)
{
    const OperatorOptionsGiven given = operatorOptionsGiven(options);
    if (given.session && !given.name)
        return sessionOperator(*given.session, given);
    OperatorParameters a;
    readOptions(options, a, {parsedOption("operator", &OperatorParameters::kind, parseOperatorKind, true)});
    checkOperatorParameters(given, a.kind);
    readOptions(options, a, parameterBindings());
    return a;
}

} // namespace rr::cli
