#pragma once
// DistortionSpec <-> JSON for nlohmann::json and nlohmann::ordered_json (header-only; only code
// that includes <nlohmann/json.hpp> uses it). Keys: "kind" always; then "p" (warner); "p0", "p1"
// (binary); "source", "labels", "matrix" (matrix); "pd", "alpha", "diagonal", "marginal", "matrix"
// (invariant-pram). "matrix" is an array of rows, row u = randomized value, entry P(u | v).
#include "core/data/Errors.h"
#include "core/distortion/DistortionSpec.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace rr {

template <typename Json>
Json distortionSpecToJson(const DistortionSpec& s)
{
    Json j;
    j["kind"] = toString(s.kind);
    switch (s.kind) {
    case DistortionKind::Warner: j["p"] = s.p; break;
    case DistortionKind::Binary:
        j["p0"] = s.p0;
        j["p1"] = s.p1;
        break;
    case DistortionKind::MatrixFile:
        j["source"] = s.source;
        j["labels"] = s.labels;
        j["matrix"] = s.matrix;
        break;
    case DistortionKind::InvariantPram:
        j["pd"] = s.pd;
        j["alpha"] = s.alpha;
        j["diagonal"] = s.pramDiagonal;
        j["marginal"] = s.pramMarginal;
        j["matrix"] = s.matrix;
        break;
    }
    return j;
}

namespace detail {

// The number `key` of j; InputError naming `where` and the key when it is missing or not a number.
template <typename Json>
double distortionNumber(const Json& j, const char* key, const std::string& where)
{
    if (!j.contains(key) || !j.at(key).is_number())
        throw InputError(where + ": '" + key + "' must be a number");
    return j.at(key).template get<double>();
}

// The array of numbers `key` of j (empty when it is missing and not required).
template <typename Json>
std::vector<double> distortionNumbers(const Json& j, const char* key, bool required, const std::string& where)
{
    std::vector<double> v;
    if (!j.contains(key)) {
        if (required)
            throw InputError(where + ": '" + key + "' is missing");
        return v;
    }
    if (!j.at(key).is_array())
        throw InputError(where + ": '" + key + "' must be an array of numbers");
    for (const auto& x : j.at(key)) {
        if (!x.is_number())
            throw InputError(where + ": '" + key + "' must be an array of numbers");
        v.push_back(x.template get<double>());
    }
    return v;
}

// "matrix": an array of rows of numbers (empty when it is missing and not required).
template <typename Json>
std::vector<std::vector<double>> distortionRows(const Json& j, bool required, const std::string& where)
{
    std::vector<std::vector<double>> m;
    if (!j.contains("matrix")) {
        if (required)
            throw InputError(where + ": 'matrix' is missing");
        return m;
    }
    if (!j.at("matrix").is_array())
        throw InputError(where + ": 'matrix' must be an array of rows");
    for (const auto& row : j.at("matrix")) {
        if (!row.is_array())
            throw InputError(where + ": 'matrix' must be an array of rows of numbers");
        std::vector<double> r;
        for (const auto& x : row) {
            if (!x.is_number())
                throw InputError(where + ": 'matrix' entries must be numbers");
            r.push_back(x.template get<double>());
        }
        m.push_back(std::move(r));
    }
    return m;
}

// A matrix file's "source" and "labels" (both optional), then its "matrix".
template <typename Json>
void matrixFileFromJson(const Json& j, const std::string& where, DistortionSpec& s)
{
    if (j.contains("source")) {
        if (!j.at("source").is_string())
            throw InputError(where + ": 'source' must be a string");
        s.source = j.at("source").template get<std::string>();
    }
    if (j.contains("labels")) {
        if (!j.at("labels").is_array())
            throw InputError(where + ": 'labels' must be an array of strings");
        for (const auto& l : j.at("labels")) {
            if (!l.is_string())
                throw InputError(where + ": 'labels' must be an array of strings");
            s.labels.push_back(l.template get<std::string>());
        }
    }
    s.matrix = distortionRows(j, true, where);
}

} // namespace detail

// Reads what distortionSpecToJson wrote; throws InputError naming `where` and the key on missing
// keys or wrong types. The matrix itself is checked later by buildDistortion.
template <typename Json>
DistortionSpec distortionSpecFromJson(const Json& j, const std::string& where)
{
    if (!j.is_object())
        throw InputError(where + ": a distortion must be a JSON object");
    if (!j.contains("kind") || !j.at("kind").is_string())
        throw InputError(where + ": 'kind' must be one of warner, binary, matrix, invariant-pram");
    DistortionSpec s;
    s.kind = parseDistortionKind(j.at("kind").template get<std::string>());
    switch (s.kind) {
    case DistortionKind::Warner: s.p = detail::distortionNumber(j, "p", where); break;
    case DistortionKind::Binary:
        s.p0 = detail::distortionNumber(j, "p0", where);
        s.p1 = detail::distortionNumber(j, "p1", where);
        break;
    case DistortionKind::MatrixFile: detail::matrixFileFromJson(j, where, s); break;
    case DistortionKind::InvariantPram:
        s.pd = detail::distortionNumber(j, "pd", where);
        s.alpha = detail::distortionNumber(j, "alpha", where);
        s.pramDiagonal = detail::distortionNumbers(j, "diagonal", false, where);
        s.pramMarginal = detail::distortionNumbers(j, "marginal", false, where);
        s.matrix = detail::distortionRows(j, false, where);
        if (s.matrix.empty() && s.pramMarginal.empty())
            throw InputError(where + ": an invariant-pram distortion needs 'matrix' or 'marginal'");
        break;
    }
    return s;
}

} // namespace rr
