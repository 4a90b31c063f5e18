#pragma once
// The commands' options read into the typed layer's requests (core/api), once per command: what the CLI runs,
// and what the Python module reads a session's command line with.
#include "app/cli/Options.h"
#include "core/api/Anatomy.h"
#include "core/api/Anonymize.h"
#include "core/api/Describe.h"
#include "core/api/Independence.h"
#include "core/api/Loglinear.h"
#include "core/api/Measures.h"
#include "core/api/Optimize.h"
#include "core/api/Randomize.h"
#include "core/api/Reconstruct.h"
#include "core/api/Regress.h"
#include "core/api/Reidentification.h"
#include "core/api/Risk.h"
#include "core/api/Rules.h"

namespace rr::cli {

// `risk`'s options (the data, roles, --p/--matrix, --tau, --threshold, --knows).
api::RiskRequest riskRequestFrom(const Options& options);
// `describe`'s options (the data, --attributes, --drop-incomplete).
api::DescribeRequest describeRequestFrom(const Options& options);
// `reconstruct`'s options (the data, --attributes, --p/--matrix, --alpha, --covariance, --estimator).
api::ReconstructRequest reconstructRequestFrom(const Options& options);
// `optimize`'s options (the data, roles, --mode, --l/--tau, the re-identification bounds, --knows, --for).
api::OptimizeRequest optimizeRequestFrom(const Options& options);
// `reidentification`'s options (the data, --qi, --p/--matrix, --threshold, --cells).
api::ReidentificationRiskRequest reidentificationRequestFrom(const Options& options);
// `measures`' options (the data, --attributes, --p/--matrix, --positive, --alpha).
api::PairMeasuresRequest measuresRequestFrom(const Options& options);
// `independence`'s options (the data, --attributes, --given, --p/--matrix, --randomized, --alpha).
api::IndependenceRequest independenceRequestFrom(const Options& options);
// `loglinear`'s options (the data, --attributes, --model or --search, --p/--matrix, --randomized, --alpha,
// --criterion).
api::LoglinearRequest loglinearRequestFrom(const Options& options);
// `randomize`'s options (the outputs, --attributes, --seed/--secure, the data, --p/--matrix, --keep, --keep-order),
// the outputs checked as they are read.
api::RandomizeRequest randomizeRequestFrom(const Options& options);
// `anonymize`'s options (the output, --t, --metric, --suppression, the data, the roles, the model, --hierarchies,
// --threshold, --keep, --keep-order).
api::AnonymizeRequest anonymizeRequestFrom(const Options& options);
// `anatomy`'s options (the outputs, --l, the data, the roles, --keep-order).
api::AnatomyRequest anatomyRequestFrom(const Options& options);

// `rules`' options (the data, --items, --min-support, --min-confidence, --decision, --p/--matrix, --positive,
// --alpha, --original).
api::RulesRequest rulesRequestFrom(const Options& options);
// `regress`'s options (the data, --outcome, --positive, --predictors, --reference, --p/--matrix, --alpha,
// --original).
api::RegressRequest regressRequestFrom(const Options& options);
} // namespace rr::cli
