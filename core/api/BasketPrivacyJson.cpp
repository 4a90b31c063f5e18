// The one place a `basket privacy` result becomes JSON: the CLI prints it (its keys, their order and the notes
// as the command has always written them).
#include "core/api/BasketPrivacy.h"

namespace rr::api {
namespace {

Json reconstructionJson(const ReconstructionReadout& r, const std::vector<double>& supports)
{
    Json j;
    j["defined"] = r.defined;
    if (!r.defined) {
        j["reason"] = r.reason;
        return j;
    }
    j["equation"] = r.equation;
    j["overall"] = r.overall;
    Json classes = Json::array();
    for (const KeepClass& c : r.classes)
        classes.push_back(Json{{"label", c.label}, {"keep", c.keep}, {"items", c.items}});
    j["classes"] = classes;
    Json bySupport = Json::array();
    for (double s : supports)
        for (const KeepClass& c : r.classes)
            bySupport.push_back(Json{
                {"support", s}, {"class", c.label}, {"keep", c.keep}, {"R", reconstructionProbability(c.keep, s)}});
    j["by_support"] = bySupport;
    return j;
}

Json epsilonJson(const EpsilonReadout& e)
{
    Json j;
    j["ldp"] = e.ldp;
    j["value"] = e.ldp ? Json(e.value) : Json(nullptr);
    j["at_size"] = e.ldp && e.worstM >= 0 ? Json(e.worstM) : Json(nullptr);
    j["note"] = e.note;
    Json sizes = Json::array();
    for (const SizeEpsilon& s : e.bySize) {
        Json row;
        row["m"] = s.m >= 0 ? Json(s.m) : Json(nullptr);
        row["baskets"] = s.baskets;
        row["epsilon"] = s.epsilon.bounded ? Json(s.epsilon.value) : Json(nullptr);
        if (!s.epsilon.note.empty())
            row["note"] = s.epsilon.note;
        sizes.push_back(row);
    }
    j["by_size"] = sizes;
    return j;
}

} // namespace

Json basketPrivacyJson(const BasketPrivacyResult& r)
{
    Notes notes;
    if (r.onlySize)
        notes.add("--sizes gives p_m[j] for baskets of size " + std::to_string(*r.onlySize) +
                  ": only that size is evaluated (--sizes-table covers several)");
    Json j;
    j["operator"] = operatorJson(r.op);
    j["data"] = basketFileJson(r.data.file, r.data.baskets, notes);
    j["reconstruction_probability"] = reconstructionJson(r.reconstruction, r.supports);
    j["epsilon"] = epsilonJson(r.epsilon);
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace rr::api
