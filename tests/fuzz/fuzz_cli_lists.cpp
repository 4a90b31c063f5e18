// libFuzzer harness for the CLI's list options (app/cli): comma lists (--qi, --keep, --columns), --missing
// tokens, NAME=VALUE lists (--p, --matrix and the like), numbers, --cutoffs KMIN..KMAX, --sizes p_m[0..m]
// and --itemsets "1 2;3 4", several sensitive attributes (--sensitive S1,S2 --knows S=A,B, issue 22). Any text
// either parses or raises rr::InputError, and what parses is in range.
// Build: see CMakeLists.txt here (fuzz_replay_cli_lists in every test build, fuzz_cli_lists with RR_BUILD_FUZZ).
#include "app/cli/BasketFiles.h"
#include "core/api/BasketFiles.h"
#include "app/cli/BasketParameterTables.h"
#include "app/cli/Options.h"
#include "app/cli/SensitiveTargets.h"
#include "core/analysis/SeveralSensitive.h"
#include "core/data/Binning.h"
#include "core/data/Errors.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace {

void tryIt(const std::function<void()>& f)
{
    try {
        f();
    } catch (const rr::InputError&) {
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    using namespace rr::cli;
    tryIt([&] {
        for (const std::string& item : splitList(text, "qi"))
            if (item.empty() || item.front() == ' ' || item.back() == ' ')
                std::abort();
    });
    (void)splitTokens(text);
    tryIt([&] {
        if (!std::isfinite(parseNumber(text, "--tau")))
            std::abort();
    });
    tryIt([&] { (void)parseUnsigned(text, "--seed"); });
    tryIt([&] {
        std::set<std::string> names;
        for (const auto& [name, p] : parseRetentionList(text))
            if (!std::isfinite(p) || !names.insert(name).second)
                std::abort();
    });
    tryIt([&] {
        std::set<std::string> names;
        for (const auto& [name, value] : parseAssignments(text, "matrix"))
            if (name.empty() || !names.insert(name).second)
                std::abort();
    });
    // --bin NAME=SPEC: what parses is a valid spec that reads back from its text, and its bins over the
    // text's own items (split at , : = as categories) put every number in a bin or outside.
    tryIt([&] {
        const rr::BinSpec spec = rr::parseBinSpec(text);
        rr::checkBinSpec(spec);
        if (spec.attribute.empty() || !(rr::parseBinSpec(spec.attribute + "=" + rr::binSpecText(spec)) == spec))
            std::abort();
        std::vector<std::string> categories;
        for (std::size_t start = 0; start <= text.size();) {
            const std::size_t comma = std::min(text.find_first_of(",:=", start), text.size());
            categories.push_back(text.substr(start, comma - start));
            start = comma + 1;
        }
        const std::vector<double> counts(categories.size(), 1.0);
        const rr::Bins bins = rr::resolveBins(spec, categories, counts);
        const rr::BinCounts c = rr::countBins(bins, categories, counts);
        double sum = c.notNumeric + c.outside;
        for (double x : c.counts)
            sum += x;
        if (bins.labels.size() + 1 != bins.cuts.size() || sum != static_cast<double>(categories.size()))
            std::abort();
        for (std::size_t i = 1; i < bins.cuts.size(); ++i)
            if (!(bins.cuts[i - 1] <= bins.cuts[i]))
                std::abort();
    });
    // --sensitive (the text's first line) and up to two --knows (the next lines) over QIs q1,q2: what parses names
    // only sensitive attributes in --knows, and what the roles accept has every attribute once.
    tryIt([&] {
        std::vector<std::string> lines;
        for (std::size_t start = 0; start <= text.size() && lines.size() < 3;) {
            const std::size_t end = std::min(text.find('\n', start), text.size());
            lines.push_back(text.substr(start, end - start));
            start = end + 1;
        }
        std::vector<std::string> args{"--qi", "q1,q2", "--sensitive", lines[0]};
        for (std::size_t k = 1; k < lines.size(); ++k)
            args.insert(args.end(), {"--knows", lines[k]});
        const Options options = Options::parse("risk", args, {{"qi", "A,B", ""}, {"sensitive", "S", ""}, knowsOption()});
        rr::SeveralSensitiveSpec spec;
        spec.quasiIdentifiers = {"q1", "q2"};
        spec.targets = rr::api::sensitiveTargets(splitList(lines[0], "sensitive"), knowsFrom(options));
        if (spec.targets.empty() || spec.targets.size() != splitList(lines[0], "sensitive").size())
            std::abort();
        rr::checkSensitiveTargets(spec.quasiIdentifiers, spec.targets);
        const std::vector<std::string> all = spec.attributes();
        if (std::set<std::string>(all.begin(), all.end()).size() != all.size())
            std::abort();
        for (const rr::SensitiveTarget& t : spec.targets)
            for (const std::string& k : t.knows)
                if (k == t.attribute || k == "q1" || k == "q2")
                    std::abort();
    });
    tryIt([&] {
        const auto [lo, hi] = parseCutoffRange(text);
        if (lo < 1 || hi < lo || hi > 1000)
            std::abort();
    });
    tryIt([&] {
        const auto p = parseSizeProbabilities(splitList(text, "sizes"), "--sizes");
        double sum = 0;
        for (const double x : p)
            sum += x;
        if (p.empty() || std::abs(sum - 1) > 1e-6)
            std::abort();
    });
    // --itemsets over a FIMI universe of 50 items and over CSV columns A..E.
    static const rr::Transactions fimi = [] {
        rr::Transactions t;
        t.itemCount = 50;
        return t;
    }();
    static const rr::BasketFile fimiFile{};
    static const rr::Transactions columns = [] {
        rr::Transactions t;
        t.itemCount = 5;
        return t;
    }();
    static const rr::BasketFile csvFile{"x.csv", true, {"A", "B", "C", "D", "E"}, {}, 0};
    for (const auto& pair : {std::pair{&fimiFile, &fimi}, std::pair{&csvFile, &columns}})
        tryIt([&, file = pair.first, t = pair.second] {
            for (const auto& itemset : rr::api::parseItemsets(*file, *t, text, "itemsets")) {
                if (itemset.empty() || itemset.size() > 16)
                    std::abort();
                for (std::size_t k = 0; k < itemset.size(); ++k)
                    if (itemset[k] >= t->itemCount || (k > 0 && itemset[k] <= itemset[k - 1]))
                        std::abort();
            }
        });
    return 0;
}
