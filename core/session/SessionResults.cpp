#include "core/session/SessionResults.h"

#include "core/release/ComparisonRun.h"
#include "core/session/JsonFields.h"

#include <cmath>
#include <cstdio>

namespace rr {
namespace {

using session::failField;
using session::Json;
using session::member;
using session::orNull;
using session::requiredNumber;
using session::toJson;

// A probability as computed: 1 may come out a rounding step above.
constexpr double kRiskCeiling = 1 + 1e-9;

struct Fnv1a {
    std::uint64_t h = 14695981039346656037ull;
    void add(const void* data, std::size_t n)
    {
        const auto* b = static_cast<const unsigned char*>(data);
        for (std::size_t i = 0; i < n; ++i)
            h = (h ^ b[i]) * 1099511628211ull;
    }
    void add(const std::string& s)
    {
        add(s.data(), s.size());
        add("\0", 1); // "ab","c" differs from "a","bc"
    }
};

Json toJson(const std::vector<double>& v)
{
    Json a = Json::array();
    for (double x : v)
        a.push_back(x);
    return a;
}

// where.key as the messages name a field.
double number(const Json& o, const std::string& key, const std::string& where, double lo, double hi,
              bool undefinedAllowed = false)
{
    return requiredNumber(o, key, where + "." + key, lo, hi, undefinedAllowed);
}

std::vector<std::string> names(const Json& o, const std::string& key, const std::string& where)
{
    const Json* v = member(o, key);
    if (!v || !v->is_array() || v->size() > 1000)
        failField(where + "." + key + " must be a list of at most 1000 names");
    std::vector<std::string> out;
    for (const Json& e : *v) {
        if (!e.is_string())
            failField(where + "." + key + " must be a list of names");
        out.push_back(e.get<std::string>());
    }
    return out;
}

bool flag(const Json& o, const std::string& key, bool fallback)
{
    const Json* v = member(o, key);
    return v && v->is_boolean() ? v->get<bool>() : fallback;
}

const Json& objectOrEmpty(const Json& o, const std::string& key)
{
    static const Json empty = Json::object(); // an immutable constant, not state
    const Json* v = member(o, key);
    return v && v->is_object() ? *v : empty;
}

Json mapToJson(const std::map<std::string, double>& m)
{
    Json o = Json::object();
    for (const auto& [key, value] : m)
        o[key] = orNull(value);
    return o;
}

// Uncertainty coefficients "A|B" for every ordered pair of different attributes (what the heat map reads),
// each in [0, 1].
std::map<std::string, double> coefficients(const Json* v, const std::vector<std::string>& attributes,
                                           const std::string& where)
{
    if (!v || !v->is_object())
        failField(where + " must map \"A|B\" to uncertainty coefficients");
    std::map<std::string, double> out;
    for (const std::string& a : attributes)
        for (const std::string& b : attributes) {
            if (a == b)
                continue;
            const std::string key = a + "|" + b;
            const Json* x = member(*v, key);
            if (!x || !x->is_number() || !(x->get<double>() >= -1e-9 && x->get<double>() <= 1 + 1e-9))
                failField(where + "[\"" + key + "\"] must be a number in [0, 1]");
            out[key] = x->get<double>();
        }
    if (v->size() != out.size())
        failField(where + " must hold exactly the ordered pairs of the attributes");
    return out;
}

DistanceValue distance(const Json& o, const std::string& key, const std::string& where)
{
    const Json* v = member(o, key);
    if (v && v->is_null())
        return DistanceValue{0.0, false, "undefined when computed"};
    if (!v || !v->is_number() || !std::isfinite(v->get<double>()) || v->get<double>() < 0)
        failField(where + "." + key + " must be a non-negative number or null (undefined)");
    return DistanceValue{v->get<double>(), true, {}};
}

Json methodToJson(const MethodUtility& u)
{
    Json o = Json::object();
    o["available"] = u.available;
    o["note"] = u.note;
    if (!u.available)
        return o;
    o["maxRisk"] = u.maxRisk;
    const auto value = [](const DistanceValue& d) { return d.defined ? orNull(d.value) : Json(nullptr); };
    o["dV"] = value(u.distances.dV);
    o["L2"] = value(u.distances.L2);
    o["KL"] = value(u.distances.KL);
    o["chi2"] = value(u.distances.chi2);
    o["baseQueries"] = u.baseQueries.averageRelativeError;
    o["cubeQueries"] = u.cubeQueries.averageRelativeError;
    o["uncertainty"] = mapToJson(u.uncertainty);
    if (u.inference) // what the published shares reveal (issue 46)
        o["inference"] = {{"groupsMax", u.inference->groupsMax},
                          {"groupsMean", u.inference->groupsMean},
                          {"recordsOverTau", u.inference->recordsOverTau},
                          {"priorShare", u.inference->priorShare}};
    return o;
}

// A saved inference; none in a session written before it was measured.
std::optional<ShareInference> inferenceFromJson(const Json& o, const std::string& where)
{
    const Json* v = member(o, "inference");
    if (!v)
        return std::nullopt;
    if (!v->is_object())
        failField(where + ".inference must be an object");
    ShareInference i;
    i.groupsMax = number(*v, "groupsMax", where + ".inference", 0, 1);
    i.groupsMean = number(*v, "groupsMean", where + ".inference", 0, 1);
    i.recordsOverTau = number(*v, "recordsOverTau", where + ".inference", 0, 1e300);
    i.priorShare = number(*v, "priorShare", where + ".inference", 0, 1);
    return i;
}

MethodUtility methodFromJson(const Json* v, const std::vector<std::string>& attributes, const std::string& where)
{
    const Json* available = v ? member(*v, "available") : nullptr;
    if (!available || !available->is_boolean())
        failField(where + " must be an object with 'available'");
    const Json& o = *v;
    MethodUtility u;
    u.available = available->get<bool>();
    u.note = session::clipped(session::textOrEmpty(o, "note"), 2000);
    if (!u.available)
        return u;
    u.maxRisk = number(o, "maxRisk", where, 0, kRiskCeiling);
    u.distances.dV = distance(o, "dV", where);
    u.distances.L2 = distance(o, "L2", where);
    u.distances.KL = distance(o, "KL", where);
    u.distances.chi2 = distance(o, "chi2", where);
    u.baseQueries.averageRelativeError = number(o, "baseQueries", where, 0, 1e300);
    u.cubeQueries.averageRelativeError = number(o, "cubeQueries", where, 0, 1e300);
    u.uncertainty = coefficients(member(o, "uncertainty"), attributes, where + ".uncertainty");
    u.inference = inferenceFromJson(o, where);
    return u;
}

constexpr const char* kMethodKeys[4] = {"lDiversity", "anatomy", "randomization", "tCloseness"};
constexpr int kMethodCount = 4;

MethodUtility& method(ComparisonResult& r, int k)
{
    return k == 0 ? r.lDiversity : k == 1 ? r.anatomy : k == 2 ? r.randomization : r.tCloseness;
}
const MethodUtility& method(const ComparisonResult& r, int k)
{
    return k == 0 ? r.lDiversity : k == 1 ? r.anatomy : k == 2 ? r.randomization : r.tCloseness;
}

std::uint64_t seedField(const Json& o, const std::string& message)
{
    std::uint64_t seed = 0;
    if (!session::parseSeed(session::textOrEmpty(o, "seed"), seed))
        failField(message);
    return seed;
}

} // namespace

ResultInputs inputsOf(const PreparedAnalysis& a)
{
    ResultInputs in;
    in.quasiIdentifiers = a.spec.quasiIdentifiers;
    in.sensitive = a.spec.sensitive;
    in.policy = a.spec.policy;
    in.records = a.joint.counts().sum();
    Fnv1a h;
    for (std::size_t k = 0; k < a.names.size(); ++k) {
        h.add(a.names[k]);
        for (const std::string& c : a.categories[k])
            h.add(c);
    }
    const auto& counts = a.joint.counts();
    for (Eigen::Index c = 0; c < counts.size(); ++c) {
        const double x = counts[c];
        h.add(&x, sizeof x);
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h.h));
    in.fingerprint = hex;
    return in;
}

Json inputsToJson(const ResultInputs& in)
{
    Json o = Json::object();
    o["quasiIdentifiers"] = toJson(in.quasiIdentifiers);
    o["sensitive"] = in.sensitive;
    o["missingPolicy"] = in.policy == MissingPolicy::DropIncomplete ? "drop-incomplete" : "drop-if-used-missing";
    o["records"] = in.records;
    o["fingerprint"] = in.fingerprint;
    return o;
}

ResultInputs inputsFromJson(const Json& value, const std::string& where)
{
    if (!value.is_object())
        failField(where + " must be an object naming the roles, policy and records");
    ResultInputs in;
    in.quasiIdentifiers = names(value, "quasiIdentifiers", where);
    const Json* sensitive = member(value, "sensitive");
    if (!sensitive || !sensitive->is_string())
        failField(where + ".sensitive must be a name");
    in.sensitive = sensitive->get<std::string>();
    const std::string policy = session::textOrEmpty(value, "missingPolicy");
    if (policy != "drop-incomplete" && policy != "drop-if-used-missing")
        failField(where + ".missingPolicy must be \"drop-incomplete\" or \"drop-if-used-missing\"");
    in.policy = policy == "drop-incomplete" ? MissingPolicy::DropIncomplete : MissingPolicy::DropIfUsedMissing;
    in.records = number(value, "records", where, 0, 1e18);
    in.fingerprint = session::textOrEmpty(value, "fingerprint");
    if (in.fingerprint.size() != 16)
        failField(where + ".fingerprint must be 16 hexadecimal digits");
    return in;
}

Json tradeOffToJson(const SavedTradeOff& s)
{
    Json o = Json::object();
    o["inputs"] = inputsToJson(s.inputs);
    o["metric"] = metricKey(s.curve.metric);
    o["lMax"] = s.curve.lMax;
    o["seed"] = std::to_string(s.seed);
    o["complete"] = s.curve.complete;
    Json points = Json::array();
    for (const TradeOffPoint& p : s.curve.points) {
        Json q = Json::object();
        q["mode"] = toString(p.mode);
        q["l"] = p.l;
        q["feasible"] = p.feasible;
        if (p.feasible) { // the point drawn and its tooltip
            q["maxRisk"] = p.maxRisk;
            q["utilityLoss"] = orNull(p.utilityLoss);
            q["objective"] = orNull(p.objective);
            q["p"] = toJson(p.p);
        } else { // the status line's note
            q["blockingRecords"] = p.blockingRecords;
            q["lowestMaxRisk"] = p.lowestMaxRisk;
        }
        points.push_back(std::move(q));
    }
    o["points"] = std::move(points);
    return o;
}

SavedTradeOff tradeOffFromJson(const Json& o)
{
    const std::string where = "tradeOff";
    if (!o.is_object())
        failField("'tradeOff' must be an object");
    SavedTradeOff s;
    s.inputs = inputsFromJson(o.value("inputs", Json()), where + ".inputs");
    const Json* metric = member(o, "metric");
    if (!metric || !metric->is_string())
        failField("tradeOff.metric must be a utility metric key");
    s.curve.metric = parseMetric(metric->get<std::string>());
    s.curve.lMax = static_cast<int>(number(o, "lMax", where, 2, 20));
    s.seed = seedField(o, "tradeOff.seed must be a non-negative integer (as a string)");
    s.curve.complete = flag(o, "complete", true);
    const Json* points = member(o, "points");
    if (!points || !points->is_array() || points->size() > std::size_t(kMaxSavedTradeOffPoints))
        failField("tradeOff.points must be a list of at most " + std::to_string(kMaxSavedTradeOffPoints) + " points");
    const std::size_t attributes = s.inputs.quasiIdentifiers.size() + 1;
    for (std::size_t i = 0; i < points->size(); ++i) {
        const std::string at = "tradeOff.points[" + std::to_string(i) + "]";
        const Json& q = (*points)[i];
        if (!q.is_object())
            failField(at + " must be an object");
        TradeOffPoint p;
        const Json* mode = member(q, "mode");
        if (!mode || !mode->is_string())
            failField(at + ".mode must be \"qi\", \"s\" or \"both\"");
        p.mode = parseMode(mode->get<std::string>());
        p.l = static_cast<int>(number(q, "l", at, 2, s.curve.lMax));
        p.tau = 1.0 / p.l;
        const Json* feasible = member(q, "feasible");
        if (!feasible || !feasible->is_boolean())
            failField(at + ".feasible must be true or false");
        p.feasible = feasible->get<bool>();
        if (p.feasible) {
            p.maxRisk = number(q, "maxRisk", at, 0, kRiskCeiling);
            p.utilityLoss = number(q, "utilityLoss", at, 0, 1e300, true);
            p.objective = number(q, "objective", at, 0, 1e300, true);
            const Json* pp = member(q, "p");
            if (!pp || !pp->is_array() || pp->size() != attributes)
                failField(at + ".p must list " + std::to_string(attributes) + " retention probabilities");
            for (const Json& x : *pp) {
                if (!x.is_number() || !(x.get<double>() >= 0 && x.get<double>() <= 1))
                    failField(at + ".p must hold numbers in [0, 1]");
                p.p.push_back(x.get<double>());
            }
        } else {
            p.blockingRecords = number(q, "blockingRecords", at, 0, 1e18);
            p.lowestMaxRisk = number(q, "lowestMaxRisk", at, 0, kRiskCeiling);
        }
        s.curve.points.push_back(std::move(p));
    }
    return s;
}

Json comparisonToJson(const SavedComparison& s, const SessionPlaces& places)
{
    Json o = Json::object();
    o["inputs"] = inputsToJson(s.inputs);
    Json c = Json::object();
    c["lMax"] = s.choices.lMax;
    c["model"] = s.choices.model;
    c["c"] = s.choices.c;
    c["metric"] = s.choices.metric;
    c["seed"] = std::to_string(s.choices.seed);
    c["t"] = s.choices.t;
    c["hierarchies"] = portableSessionPath(s.choices.hierarchyFolder, places.sampleDir);
    o["choices"] = std::move(c);
    o["records"] = s.records;
    o["lMin"] = s.sweep.lMin;
    Json results = Json::array();
    for (const ComparisonResult& r : s.sweep.results) {
        Json q = Json::object();
        q["l"] = r.l;
        q["attributes"] = toJson(r.attributes);
        q["originalUncertainty"] = mapToJson(r.originalUncertainty);
        if (r.originalInference)
            q["originalPriorShare"] = r.originalInference->priorShare;
        q["privacyModel"] = r.privacyModel;
        if (r.tSearch.found) // the t t-closeness was released at (the line above the tables says it)
            q["tClosenessT"] = r.tSearch.t;
        Json search = Json::object();
        search["found"] = r.search.found;
        search["node"] = r.search.node;
        search["metric"] = r.search.metric;
        search["metricValue"] = orNull(r.search.metricValue);
        search["nodesChecked"] = static_cast<double>(r.search.nodesChecked);
        search["latticeSize"] = static_cast<double>(r.search.latticeSize);
        q["search"] = std::move(search);
        q["rrP"] = toJson(r.rr.parameters.p);
        Json methods = Json::object();
        for (int k = 0; k < kMethodCount; ++k)
            methods[kMethodKeys[k]] = methodToJson(method(r, k));
        q["methods"] = std::move(methods);
        results.push_back(std::move(q));
    }
    o["results"] = std::move(results);
    return o;
}

namespace {

// comparison.choices: each choice within its range (a session from before issue 46 has no t).
ComparisonChoices choicesFromJson(const Json& c, const SessionPlaces& places)
{
    ComparisonChoices choices;
    choices.lMax = static_cast<int>(number(c, "lMax", "comparison.choices", kMinComparisonL, kMaxComparisonL));
    choices.model = session::textOrEmpty(c, "model");
    if (choices.model != "entropy" && choices.model != "distinct" && choices.model != "recursive")
        failField("comparison.choices.model must be \"entropy\", \"distinct\" or \"recursive\"");
    choices.c = number(c, "c", "comparison.choices", 0.01, 1000);
    choices.metric = session::textOrEmpty(c, "metric");
    if (choices.metric != "discernibility" && choices.metric != "aecs" && choices.metric != "height")
        failField("comparison.choices.metric must be \"discernibility\", \"aecs\" or \"height\"");
    choices.seed = seedField(c, "comparison.choices.seed must be an integer in [0, 2147483647] (as a string)");
    if (choices.seed > 2147483647u)
        failField("comparison.choices.seed must be an integer in [0, 2147483647] (as a string)");
    if (c.contains("t")) // sessions before issue 46 have none: the largest t within tau
        choices.t = number(c, "t", "comparison.choices", 0, 1);
    const std::string folder = session::textOrEmpty(c, "hierarchies");
    choices.hierarchyFolder = folder.empty() ? std::string() : resolveSessionPath(folder, places);
    return choices;
}

// A result's generalization search: whether it found a node, the node's levels (at most one per attribute),
// its metric and the lattice searched.
void searchFromJson(const Json& search, const std::string& at, ComparisonResult& r)
{
    r.search.found = flag(search, "found", false);
    if (const Json* node = member(search, "node"); node && node->is_array())
        for (const Json& level : *node) {
            if (!level.is_number() || level.get<double>() < 0 || level.get<double>() > 1000)
                failField(at + ".search.node must list generalization levels");
            r.search.node.push_back(static_cast<int>(level.get<double>()));
        }
    if (r.search.node.size() > r.attributes.size())
        failField(at + ".search.node has more levels than attributes");
    r.search.metric = session::clipped(session::textOrEmpty(search, "metric"), 200);
    r.search.metricValue = number(search, "metricValue", at + ".search", 0, 1e300, true);
    r.search.nodesChecked = static_cast<std::size_t>(number(search, "nodesChecked", at + ".search", 0, 1e15));
    r.search.latticeSize = static_cast<std::size_t>(number(search, "latticeSize", at + ".search", 0, 1e15));
}

// The rr p and each method's measures of a result (t-closeness missing from sessions saved before it was
// compared).
void methodsFromJson(const Json& q, const std::string& at, std::size_t attributeCount, ComparisonResult& r)
{
    if (const Json* rrP = member(q, "rrP"); rrP && rrP->is_array())
        for (const Json& x : *rrP) {
            if (!x.is_number() || !(x.get<double>() >= 0 && x.get<double>() <= 1))
                failField(at + ".rrP must hold retention probabilities in [0, 1]");
            r.rr.parameters.p.push_back(x.get<double>());
        }
    const Json& methods = objectOrEmpty(q, "methods");
    for (int k = 0; k < kMethodCount; ++k) {
        const Json* m = member(methods, kMethodKeys[k]);
        if (!m && k == 3) { // saved before t-closeness was compared
            r.tCloseness.note = "not in this session (saved before t-closeness was compared): compare again";
            continue;
        }
        method(r, k) = methodFromJson(m, r.attributes, at + ".methods." + kMethodKeys[k]);
    }
    if (r.rr.parameters.p.size() > attributeCount ||
        (r.randomization.available && r.rr.parameters.p.size() != attributeCount))
        failField(at + ".rrP must give one p per attribute");
}

// The result at l (`at` names it in messages): its attributes must be the inputs' QIs, then S.
ComparisonResult resultFromJson(const Json& q, const std::string& at, double l, const SavedComparison& s)
{
    ComparisonResult r;
    r.l = static_cast<int>(number(q, "l", at, l, l));
    r.tau = 1.0 / r.l;
    r.attributes = names(q, "attributes", at);
    std::vector<std::string> roles = s.inputs.quasiIdentifiers;
    roles.push_back(s.inputs.sensitive);
    if (r.attributes != roles || r.attributes.size() > std::size_t(kMaxSavedComparisonAttributes))
        failField(at + ".attributes must name the quasi-identifiers, then the sensitive attribute, of "
                       "comparison.inputs (at most " +
                  std::to_string(kMaxSavedComparisonAttributes) + ")");
    r.originalUncertainty = coefficients(member(q, "originalUncertainty"), r.attributes, at + ".originalUncertainty");
    if (member(q, "originalPriorShare")) {
        r.originalInference.emplace();
        r.originalInference->priorShare = number(q, "originalPriorShare", at, 0, 1);
    }
    r.privacyModel = session::clipped(session::textOrEmpty(q, "privacyModel"), 200);
    if (member(q, "tClosenessT")) {
        r.tSearch.found = true;
        r.tSearch.t = number(q, "tClosenessT", at, 0, 1);
    }
    searchFromJson(objectOrEmpty(q, "search"), at, r);
    methodsFromJson(q, at, s.inputs.quasiIdentifiers.size() + 1, r);
    return r;
}

} // namespace

SavedComparison comparisonFromJson(const Json& o, const SessionPlaces& places)
{
    if (!o.is_object())
        failField("'comparison' must be an object");
    SavedComparison s;
    s.inputs = inputsFromJson(o.value("inputs", Json()), "comparison.inputs");
    s.choices = choicesFromJson(objectOrEmpty(o, "choices"), places);
    s.records = number(o, "records", "comparison", 1, 1e18);
    s.sweep.lMin = static_cast<int>(number(o, "lMin", "comparison", kMinComparisonL, kMaxComparisonL));
    s.sweep.lMax = s.choices.lMax;
    const Json* results = member(o, "results");
    const auto expected = static_cast<long>(s.sweep.lMax) - s.sweep.lMin + 1;
    if (!results || !results->is_array() || static_cast<long>(results->size()) != expected)
        failField("comparison.results must hold one result per l = " + std::to_string(s.sweep.lMin) + ".." +
                  std::to_string(s.sweep.lMax));
    for (std::size_t i = 0; i < results->size(); ++i) {
        const std::string at = "comparison.results[" + std::to_string(i) + "]";
        const Json& q = (*results)[i].is_object() ? (*results)[i] : objectOrEmpty(Json(), "");
        s.sweep.results.push_back(resultFromJson(q, at, s.sweep.lMin + static_cast<double>(i), s));
    }
    return s;
}

} // namespace rr
