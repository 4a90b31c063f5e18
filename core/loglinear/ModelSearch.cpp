#include "core/loglinear/ModelSearch.h"

#include "core/data/Errors.h"

#include <sstream>

namespace rr {

namespace {

GoodnessOfFit fitModel(const ContingencyTable& table, const HierarchicalModel& model, const IpfOptions& ipf)
{
    const IpfFit fit = fitIpf(table.counts(), table.dims(), model, ipf);
    return goodnessOfFit(table.counts(), fit.fitted, degreesOfFreedom(model, table.dims()));
}

// The search's table, letters and significance level must be within its limits.
void checkSearch(const ContingencyTable& table, const std::vector<char>& letters, const ModelSearchOptions& options)
{
    if (static_cast<int>(letters.size()) != table.rank())
        throw InputError("the model letters name " + std::to_string(letters.size()) + " attributes but the table has " +
                         std::to_string(table.rank()));
    if (table.rank() > kMaxSearchAxes)
        throw InputError("the model search takes at most " + std::to_string(kMaxSearchAxes) + " attributes, not " +
                         std::to_string(table.rank()) + "; fit chosen models with --model instead");
    if (!(options.alpha > 0 && options.alpha < 1))
        throw InputError("the significance level of the model search must lie in (0, 1)");
}

// The model without generator g, fitted, with its G2 change from the current model and the criterion's p-value.
SearchCandidate deletionCandidate(const ContingencyTable& table, const HierarchicalModel& current,
                                  const GoodnessOfFit& currentFit, const std::vector<int>& g,
                                  const std::vector<char>& letters, const ModelSearchOptions& options)
{
    SearchCandidate c;
    c.removed = g;
    c.removedText = formatTerm(g, letters);
    c.model = removeGenerator(current, g);
    c.modelText = formatModel(c.model, letters);
    c.fit = fitModel(table, c.model, options.ipf);
    c.deltaDf = c.fit.df - currentFit.df;
    if (c.fit.gSquare.defined && currentFit.gSquare.defined) {
        c.deltaG2 = std::max(0.0, c.fit.gSquare.value - currentFit.gSquare.value);
        c.deltaPValue = chiSquareUpperTail(c.deltaG2, c.deltaDf);
    } else {
        c.deltaPValue = {0, false, "G2 is undefined for one of the two models"};
    }
    c.criterion = options.criterion == SearchCriterion::OverallFit ? c.fit.pValue : c.deltaPValue;
    return c;
}

// A step's candidates: every interaction generator deleted in turn; `best` gets the one with the largest
// defined criterion (the first of equals), or -1.
SearchStep stepCandidates(const ContingencyTable& table, const HierarchicalModel& current,
                          const GoodnessOfFit& currentFit, const std::vector<char>& letters,
                          const ModelSearchOptions& options, int& best)
{
    SearchStep step;
    step.from = formatModel(current, letters);
    best = -1;
    for (const auto& g : current.generators) {
        if (g.size() < 2)
            continue;
        step.candidates.push_back(deletionCandidate(table, current, currentFit, g, letters, options));
        const auto& added = step.candidates.back();
        if (added.criterion.defined &&
            (best < 0 || added.criterion.value > step.candidates[static_cast<std::size_t>(best)].criterion.value))
            best = static_cast<int>(step.candidates.size()) - 1;
    }
    return step;
}

} // namespace

ModelSearchResult backwardElimination(const ContingencyTable& table, const std::vector<char>& letters,
                                      const ModelSearchOptions& options, const std::function<bool(double)>& progress)
{
    checkSearch(table, letters, options);
    ModelSearchResult r;
    HierarchicalModel current = saturatedModel(table.rank());
    GoodnessOfFit currentFit = fitModel(table, current, options.ipf);
    r.path.push_back(formatModel(current, letters));
    // an upper bound on the number of steps: every interaction term may go once
    const double bound = static_cast<double>(modelTerms(current).size()) - table.rank();
    while (true) {
        int best = -1;
        SearchStep step = stepCandidates(table, current, currentFit, letters, options, best);
        if (step.candidates.empty()) {
            step.decision = "stop: only main effects are left";
            r.steps.push_back(std::move(step));
            break;
        }
        if (best < 0) {
            step.decision = "stop: no deletion has a defined p-value";
            r.steps.push_back(std::move(step));
            break;
        }
        const SearchCandidate& b = step.candidates[static_cast<std::size_t>(best)];
        std::ostringstream os;
        if (b.criterion.value >= options.alpha) {
            os << "remove " << b.removedText << " -> (" << b.modelText << "): " << describePValue(b.criterion)
               << " >= " << options.alpha;
            step.chosen = best;
            step.decision = os.str();
            current = b.model;
            currentFit = b.fit;
            r.path.push_back(b.modelText);
            r.steps.push_back(std::move(step));
        } else {
            os << "stop: the best deletion (" << b.removedText << ") has " << describePValue(b.criterion) << " < "
               << options.alpha;
            step.decision = os.str();
            r.steps.push_back(std::move(step));
            break;
        }
        if (progress && !progress(std::min(1.0, r.steps.size() / std::max(1.0, bound)))) {
            r.cancelled = true;
            break;
        }
    }
    r.model = current;
    r.modelText = formatModel(current, letters);
    r.fit = currentFit;
    return r;
}

SearchComparison compareSearches(const ContingencyTable& original, const ContingencyTable& randomized,
                                 const std::vector<char>& letters, const ModelSearchOptions& options)
{
    SearchComparison c;
    c.original = backwardElimination(original, letters, options);
    c.randomized = backwardElimination(randomized, letters, options);
    c.sameModel = c.original.model == c.randomized.model;
    const std::size_t steps = std::min(c.original.steps.size(), c.randomized.steps.size());
    for (std::size_t s = 0; s < steps; ++s) {
        const SearchStep& a = c.original.steps[s];
        const SearchStep& b = c.randomized.steps[s];
        const std::string ra = a.chosen < 0 ? "stop" : a.candidates[static_cast<std::size_t>(a.chosen)].removedText;
        const std::string rb = b.chosen < 0 ? "stop" : b.candidates[static_cast<std::size_t>(b.chosen)].removedText;
        if (ra != rb) {
            c.firstDifferentStep = static_cast<int>(s);
            break;
        }
    }
    if (c.firstDifferentStep < 0 && c.original.steps.size() != c.randomized.steps.size())
        c.firstDifferentStep = static_cast<int>(steps);
    std::ostringstream os;
    if (c.sameModel)
        os << "both searches choose (" << c.original.modelText << ")";
    else
        os << "the original data choose (" << c.original.modelText << "), the randomized data ("
           << c.randomized.modelText << "); they part at step " << c.firstDifferentStep + 1;
    c.summary = os.str();
    return c;
}

} // namespace rr
