#include "core/statfiles/StatFileReader.h"

#include "core/data/Errors.h"

#include <readstat.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <exception>
#include <memory>

namespace rr {
namespace {

struct ParserDeleter {
    void operator()(readstat_parser_t* p) const { readstat_parser_free(p); }
};
using ParserHandle = std::unique_ptr<readstat_parser_t, ParserDeleter>;

// What the C callbacks reach through their ctx pointer.
struct PassState {
    const std::string& path;
    StatFileHandler& handler;
    const ProgressFunction& progress;
    std::exception_ptr error;
    std::string readstatMessage;
    int variables = 0;
    StatFormat format = StatFormat::Dta;
    // Stata: the bytes of one entry of the value-label-name list. ReadStat hands an entry over as a C string,
    // but a file may fill it without a terminating NUL, and the last entry ends its buffer (a fuzz finding).
    std::size_t labelSetBytes = 0; // 0: terminated by ReadStat itself
};

std::string numberKey(double v)
{
    if (v == 0)
        v = 0; // -0 and 0 are one value
    std::string key(sizeof v, '\0');
    std::memcpy(key.data(), &v, sizeof v);
    return key;
}

double numberOf(readstat_value_t value)
{
    switch (readstat_value_type(value)) {
    case READSTAT_TYPE_INT8:
        return readstat_int8_value(value);
    case READSTAT_TYPE_INT16:
        return readstat_int16_value(value);
    case READSTAT_TYPE_INT32:
        return readstat_int32_value(value);
    case READSTAT_TYPE_FLOAT:
        return readstat_float_value(value);
    default:
        return readstat_double_value(value);
    }
}

// The key of a present value; InputError past the string limit.
std::string keyOf(readstat_value_t value, const PassState& s)
{
    if (readstat_value_type_class(value) == READSTAT_TYPE_CLASS_STRING) {
        const char* text = readstat_string_value(value);
        const std::size_t n = text ? ::strnlen(text, StatFileLimits::kMaxStringBytes + 1) : 0;
        if (n > StatFileLimits::kMaxStringBytes)
            throw InputError("'" + s.path + "': a string value longer than " +
                             std::to_string(StatFileLimits::kMaxStringBytes) + " bytes");
        return std::string(text ? text : "", n);
    }
    return numberKey(numberOf(value));
}

template <class F>
int guarded(PassState& s, F&& f)
{
    if (s.error)
        return READSTAT_HANDLER_ABORT;
    try {
        f();
        return READSTAT_HANDLER_OK;
    } catch (...) {
        s.error = std::current_exception();
        return READSTAT_HANDLER_ABORT;
    }
}

int onMetadata(readstat_metadata_t* metadata, void* ctx)
{
    auto& s = *static_cast<PassState*>(ctx);
    return guarded(s, [&] {
        const int vars = std::max(0, readstat_get_var_count(metadata));
        if (vars > StatFileLimits::kMaxVariables)
            throw InputError("'" + s.path + "' declares " + std::to_string(vars) + " variables, more than the " +
                             std::to_string(StatFileLimits::kMaxVariables) + " read");
        s.variables = vars;
        if (s.format == StatFormat::Dta) { // entry sizes of ReadStat's dta reader, by release
            const int release = readstat_get_file_format_version(metadata);
            s.labelSetBytes = release < 110 ? 9 : release < 118 ? 33 : 129;
        }
        s.handler.metadata(readstat_get_row_count(metadata), vars);
    });
}

int onVariable(int index, readstat_variable_t* variable, const char* labelSet, void* ctx)
{
    auto& s = *static_cast<PassState*>(ctx);
    return guarded(s, [&] {
        if (index < 0 || index >= StatFileLimits::kMaxVariables)
            throw InputError("'" + s.path + "': variable number " + std::to_string(index) + " out of range");
        StatVariableInfo info;
        const char* name = readstat_variable_get_name(variable);
        const char* label = readstat_variable_get_label(variable);
        info.name = name ? name : "";
        if (info.name.empty())
            info.name = std::to_string(index + 1).insert(0, 1, 'V');
        info.label = label ? label : "";
        if (labelSet)
            info.labelSet = s.labelSetBytes > 0 ? std::string(labelSet, ::strnlen(labelSet, s.labelSetBytes))
                                                : std::string(labelSet);
        info.isString = readstat_variable_get_type_class(variable) == READSTAT_TYPE_CLASS_STRING;
        info.isFloat = readstat_variable_get_type(variable) == READSTAT_TYPE_FLOAT;
        s.handler.variable(index, info);
    });
}

int onValueLabel(const char* set, readstat_value_t value, const char* label, void* ctx)
{
    auto& s = *static_cast<PassState*>(ctx);
    return guarded(s, [&] {
        if (readstat_value_is_system_missing(value) || readstat_value_is_tagged_missing(value))
            return; // labels of missing codes name no category
        const std::size_t n = label ? ::strnlen(label, StatFileLimits::kMaxLabelBytes + 1) : 0;
        if (n > StatFileLimits::kMaxLabelBytes)
            throw InputError("'" + s.path + "': a value label longer than " +
                             std::to_string(StatFileLimits::kMaxLabelBytes) + " bytes");
        s.handler.valueLabel(set ? set : "", keyOf(value, s), std::string(label ? label : "", n));
    });
}

int onValue(int row, readstat_variable_t* variable, readstat_value_t value, void* ctx)
{
    auto& s = *static_cast<PassState*>(ctx);
    return guarded(s, [&] {
        StatFileValue v;
        if (readstat_value_is_tagged_missing(value)) {
            v.kind = StatFileValue::Kind::TaggedMissing;
            v.tag = readstat_value_tag(value);
        } else if (readstat_value_is_system_missing(value)) {
            v.kind = StatFileValue::Kind::SystemMissing;
        } else if (readstat_value_is_defined_missing(value, variable)) {
            v.kind = StatFileValue::Kind::UserMissing;
        } else {
            v.key = keyOf(value, s);
            if (readstat_value_type_class(value) == READSTAT_TYPE_CLASS_STRING && v.key.empty())
                v.kind = StatFileValue::Kind::SystemMissing; // an empty string is a string's missing value
            else if (readstat_value_type_class(value) != READSTAT_TYPE_CLASS_STRING) {
                double d = 0;
                std::memcpy(&d, v.key.data(), sizeof d);
                if (d != d) // NaN stored as a value
                    v.kind = StatFileValue::Kind::SystemMissing;
            }
        }
        const int index = readstat_variable_get_index(variable);
        if (index < 0 || index >= StatFileLimits::kMaxVariables)
            throw InputError("'" + s.path + "': a value of variable number " + std::to_string(index) +
                             ", beyond the " + std::to_string(StatFileLimits::kMaxVariables) + " read");
        s.handler.value(row, index, v);
    });
}

int onProgress(double fraction, void* ctx)
{
    auto& s = *static_cast<PassState*>(ctx);
    return guarded(s, [&] {
        if (s.progress && !s.progress(fraction))
            throw Cancelled("reading was cancelled");
    });
}

void onError(const char* message, void* ctx)
{
    auto& s = *static_cast<PassState*>(ctx);
    if (message && s.readstatMessage.size() < 4096)
        s.readstatMessage += (s.readstatMessage.empty() ? "" : "; ") + std::string(message);
}

void parse(const std::string& path, StatFormat format, StatFileHandler& handler, long rowOffset, long rowLimit,
           const ProgressFunction& progress, bool values)
{
    ParserHandle parser(readstat_parser_init());
    if (!parser)
        throw std::bad_alloc();
    readstat_set_metadata_handler(parser.get(), onMetadata);
    readstat_set_variable_handler(parser.get(), onVariable);
    readstat_set_value_label_handler(parser.get(), onValueLabel);
    if (values) // without a value handler ReadStat skips the records (readstat_dta_read.c, dta_read_data)
        readstat_set_value_handler(parser.get(), onValue);
    readstat_set_error_handler(parser.get(), onError);
    readstat_set_progress_handler(parser.get(), onProgress);
    readstat_set_handler_character_encoding(parser.get(), "UTF-8");
    if (rowOffset > 0)
        readstat_set_row_offset(parser.get(), rowOffset);
    if (rowLimit > 0)
        readstat_set_row_limit(parser.get(), rowLimit);

    PassState state{path, handler, progress, nullptr, {}, 0, format, 0};
    readstat_error_t error = READSTAT_OK;
    switch (format) {
    case StatFormat::Sav:
        error = readstat_parse_sav(parser.get(), path.c_str(), &state);
        break;
    case StatFormat::Por:
        error = readstat_parse_por(parser.get(), path.c_str(), &state);
        break;
    case StatFormat::Dta:
        error = readstat_parse_dta(parser.get(), path.c_str(), &state);
        break;
    case StatFormat::Sas7bdat:
        error = readstat_parse_sas7bdat(parser.get(), path.c_str(), &state);
        break;
    case StatFormat::Xport:
        error = readstat_parse_xport(parser.get(), path.c_str(), &state);
        break;
    }
    if (state.error)
        std::rethrow_exception(state.error);
    if (error != READSTAT_OK) {
        std::string why = readstat_error_message(error);
        if (!state.readstatMessage.empty())
            why += " (" + state.readstatMessage + ")";
        if (error == READSTAT_ERROR_READ)
            why += ": the file ends early (truncated, empty, or not a " + statFormatTitle(format) + " file)";
        if (error == READSTAT_ERROR_MALLOC) // ReadStat refuses any single allocation over its own limit
            why += ": the file declares a string, label or table larger than ReadStat reads (a damaged or hostile "
                   "file)";
        throw InputError("'" + path + "' cannot be read as " + statFormatTitle(format) + ": " + why);
    }
}

} // namespace

void readStatFile(const std::string& path, StatFormat format, StatFileHandler& handler, long rowOffset,
                  long rowLimit, const ProgressFunction& progress)
{
    parse(path, format, handler, rowOffset, rowLimit, progress, true);
}

void readStatFileDictionary(const std::string& path, StatFormat format, StatFileHandler& handler,
                            const ProgressFunction& progress)
{
    parse(path, format, handler, 0, 0, progress, false);
}

std::string statValueText(const std::string& key, const StatVariableInfo& variable)
{
    if (variable.isString || key.size() != sizeof(double))
        return key;
    double d = 0;
    std::memcpy(&d, key.data(), sizeof d);
    char buf[64];
    const auto r = variable.isFloat ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(d))
                                    : std::to_chars(buf, buf + sizeof buf, d);
    return std::string(buf, r.ptr);
}

} // namespace rr
