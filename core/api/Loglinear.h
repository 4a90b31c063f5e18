#pragma once
// `loglinear` of the typed layer (issue 43): a hierarchical loglinear model fitted by IPF with its Pearson X2 and
// G2 (003 Sec. 4.3.1, Tables 4.2-4.4), Korn's verdict on whether randomization preserves it (003 Theorem 2), or
// the model chosen by backward elimination. One request, one function, one result; loglinearJson is the one place
// the result becomes JSON (the CLI prints it, Python's to_dict() is it).
#include "core/api/Distortions.h"
#include "core/api/JsonValues.h"
#include "core/api/Source.h"
#include "core/datasource/PreparedTable.h"
#include "core/loglinear/LoglinearFit.h"
#include "core/loglinear/ModelSearch.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rr::api {

struct LoglinearRequest {
    DataRequest data;
    std::vector<std::string> attributes; // the table's (at most 12; at most 7 with search)
    bool dropIncomplete = false;
    DistortionChoice distortions; // given: original data are fitted as N (P_1 x ... x P_k) pi, or name what was randomized
    bool randomized = false;      // the data are already randomized
    std::optional<std::string> model; // generators in letters, e.g. "AD,G"; exactly one of model and search
    bool search = false;              // backward elimination from the saturated model
    std::optional<double> alpha;      // search only: a deletion is accepted when its p-value is >= alpha (0.05)
    std::optional<SearchCriterion> criterion; // search only (OverallFit)
};

struct LoglinearModelResult {
    std::shared_ptr<const PreparedTable> table; // names the fitted cells
    std::vector<char> letters;                  // one per attribute
    std::size_t rows = 0, droppedRows = 0;
    double n = 0;
    bool withDistortions = false;
    Distortions distortions; // with distortions only
    LoglinearResult fit;
    std::optional<ModelSearchResult> search; // every step, with search
    double alpha = 0.05;
    SearchCriterion criterion = SearchCriterion::OverallFit;
};

// "fit" or "lr" (InputError in the CLI's words otherwise).
SearchCriterion criterionOf(const std::string& text);
const char* criterionName(SearchCriterion criterion);

// Exactly one of a model and the search; alpha and criterion only with the search (InputError in the CLI's words).
void checkModelChoice(bool model, bool search, bool searchOptions);

// Returning false stops the reading, the fit or the search (Cancelled); called with the fraction read, or -1.
// InputError (in the CLI's words) for attributes, the model, p, matrices or alpha that do not fit.
LoglinearModelResult loglinearOf(const LoglinearRequest& request, const ProgressFunction& progress = {});

// The CLI's JSON of `result` (nlohmann ordered keys).
Json loglinearJson(const LoglinearModelResult& result);

} // namespace rr::api
