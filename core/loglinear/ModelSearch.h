#pragma once
#include "core/contingency/ContingencyTable.h"
#include "core/loglinear/GoodnessOfFit.h"
#include "core/loglinear/HierarchicalModel.h"
#include "core/loglinear/Ipf.h"

#include <functional>
#include <string>
#include <vector>

namespace rr {

// How backward elimination judges a deletion.
enum class SearchCriterion {
    OverallFit,            // p-value of the smaller model's own Pearson X2 (003 Sec. 4.3.1, Tables 4.2-4.4)
    LikelihoodRatioChange, // p-value of G2(smaller) - G2(current) on the df difference (nested LR test)
};

struct ModelSearchOptions {
    double alpha = 0.05; // a deletion is accepted when its p-value is >= alpha
    SearchCriterion criterion = SearchCriterion::OverallFit;
    IpfOptions ipf;
};

struct SearchCandidate {
    std::vector<int> removed; // the generator deleted (replaced by its sub-terms)
    std::string removedText;  // e.g. "ADG"
    HierarchicalModel model;
    std::string modelText; // e.g. "AD,AG,DG"
    GoodnessOfFit fit;
    double deltaG2 = 0;    // G2(candidate) - G2(current)
    long long deltaDf = 0; // df(candidate) - df(current)
    StatValue deltaPValue; // Pr(chi2_deltaDf >= deltaG2)
    StatValue criterion;   // the p-value compared with alpha (by the options' criterion)
};

struct SearchStep {
    std::string from; // the model before this step
    std::vector<SearchCandidate> candidates;
    int chosen = -1;      // index of the accepted deletion; -1 = the search stopped here
    std::string decision; // e.g. "remove ADG: p = 0.52 >= 0.05" or "stop: ..."
};

struct ModelSearchResult {
    HierarchicalModel model; // the model chosen
    std::string modelText;
    GoodnessOfFit fit;             // its goodness of fit
    std::vector<std::string> path; // models visited, saturated first, chosen last
    std::vector<SearchStep> steps; // every step with all candidates
    bool cancelled = false;
};

// Backward elimination visits up to 2^k terms, each step fitting one model per generator: it is
// offered for at most this many attributes (7 binary attributes take well under a second).
inline constexpr int kMaxSearchAxes = 7;

// Backward elimination from the saturated model: at each step every generator of two or more
// attributes is tried for deletion (main effects are kept); the deletion with the largest p-value
// is made if that p-value is >= alpha, else the search stops. Ties keep the first in canonical
// order. `progress(fractionOfStepsBound)` may return false to cancel (the path so far is returned).
// Throws InputError for more than kMaxSearchAxes attributes or alpha outside (0, 1).
ModelSearchResult backwardElimination(const ContingencyTable& table, const std::vector<char>& letters,
                                      const ModelSearchOptions& options = {},
                                      const std::function<bool(double)>& progress = {});

// Both searches and where they part: the same attributes, original counts vs randomized counts.
struct SearchComparison {
    ModelSearchResult original;
    ModelSearchResult randomized;
    bool sameModel = true;
    int firstDifferentStep = -1; // first step whose decision differs; -1 when the paths agree
    std::string summary;         // one sentence
};
SearchComparison compareSearches(const ContingencyTable& original, const ContingencyTable& randomized,
                                 const std::vector<char>& letters, const ModelSearchOptions& options = {});

} // namespace rr
