#include "core/statfiles/DtaTables.h"

#include "core/data/Errors.h"
#include "core/statfiles/DtaHeaderReader.h"
#include "core/statfiles/DtaLayout.h"

#include <algorithm>
#include <cstring>
#include <optional>

namespace rr {
namespace {

std::string n(std::uint64_t v)
{
    return std::to_string(v);
}

constexpr std::uint64_t kAsciiStrl = 130; // t: text ending in its first NUL byte (129: binary, any bytes)

// Where an ASCII strL's text ends (its first NUL byte, as an offset into its `len` bytes from the reader's
// position), or nothing when none of them is NUL. The position is left where it was.
std::optional<std::uint64_t> textEnd(HeaderReader& in, std::uint64_t len)
{
    const std::uint64_t start = in.position();
    char buf[65536];
    std::optional<std::uint64_t> end;
    for (std::uint64_t done = 0; done < len && !end;) {
        const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(sizeof buf, len - done));
        if (!in.read(buf, want))
            break;
        if (const void* nul = std::memchr(buf, 0, want))
            end = done + static_cast<std::uint64_t>(static_cast<const char*>(nul) - buf);
        done += want;
    }
    in.seek(start);
    return end;
}

// Whether the bytes of an ASCII strL after the NUL at `end` hold the next GSO record: a len that swallows the
// next strL. The position is left where it was.
bool swallowsAnother(HeaderReader& in, std::uint64_t len, std::uint64_t end)
{
    const std::uint64_t start = in.position();
    char tag[3];
    in.seek(start + end + 1);
    const bool found = end + 1 + sizeof tag <= len && in.read(tag, sizeof tag) && std::memcmp(tag, "GSO", 3) == 0;
    in.seek(start);
    return found;
}

// The strLs (GSO v o t len data ... </strls>): each one's length within what is left before </strls>, and an
// ASCII one's text ending in a NUL byte within it, not followed by the next GSO record.
void checkStrls(HeaderReader& in, const DtaHeader& h, const std::string& path)
{
    in.seek(h.strlsOffset);
    if (h.strlsOffset == 0 || !in.tag("<strls>"))
        return;
    const std::uint64_t end = h.valueLabelsOffset > in.position() && h.valueLabelsOffset <= in.size()
                                  ? h.valueLabelsOffset
                                  : in.size(); // where </strls> must end at the latest
    const std::size_t oBytes = h.release >= 118 ? 8 : 4;
    for (std::uint64_t k = 1;; ++k) {
        const std::uint64_t at = in.position();
        char tag[3];
        std::uint64_t v = 0, o = 0, t = 0, len = 0;
        if (!in.read(tag, 3) || std::memcmp(tag, "GSO", 3) != 0)
            return; // </strls>, or what ReadStat refuses itself
        if (!in.uint(4, h.bigEndian, v) || !in.uint(oBytes, h.bigEndian, o) || !in.uint(1, h.bigEndian, t) ||
            !in.uint(4, h.bigEndian, len))
            return;
        const std::uint64_t left = end >= in.position() + 8 ? end - in.position() - 8 : 0;
        if (len > left)
            throw InputError("'" + path + "': strL number " + n(k) + " (GSO at byte " + n(at) + ") declares len = " +
                             n(len) + " bytes, larger than the " + n(left) +
                             " left before </strls> (a damaged or hostile file)");
        const std::optional<std::uint64_t> text = t == kAsciiStrl ? textEnd(in, len) : std::nullopt;
        if (t == kAsciiStrl && !text) // ReadStat hands the bytes on as a C string: reads past them
            throw InputError("'" + path + "': strL number " + n(k) + " (GSO at byte " + n(at) + ") is text of " +
                             n(len) + " bytes with no terminating NUL byte (a damaged or hostile file)");
        if (text && swallowsAnother(in, len, *text))
            throw InputError("'" + path + "': strL number " + n(k) + " (GSO at byte " + n(at) + ") declares len = " +
                             n(len) + " bytes, but its text ends before them and the next strL record follows "
                             "inside it (a damaged or hostile file: that strL's values would be lost)");
        in.skip(len);
    }
}

// One table's counts: n labels and txtlen bytes of text in a table of `len` bytes (n, txtlen, off[n],
// val[n], txt[txtlen]).
void checkTable(HeaderReader& in, const DtaHeader& h, const std::string& path, const std::string& name,
                std::uint64_t len)
{
    const std::string table = "'" + path + "': value-label table '" + name + "'";
    if (len < 8)
        throw InputError(table + " declares len = " + n(len) + " bytes, fewer than its two counts take");
    std::uint64_t count = 0, txtlen = 0;
    if (!in.uint(4, h.bigEndian, count) || !in.uint(4, h.bigEndian, txtlen))
        return;
    if (txtlen > len - 8)
        throw InputError(table + " declares txtlen = " + n(txtlen) + " bytes of text, more than its len = " + n(len) +
                         " bytes hold");
    const std::uint64_t room = (len - 8 - txtlen) / 8;
    if (count > room)
        throw InputError(table + " declares n = " + n(count) + " labels, more than the " + n(room) +
                         " its len = " + n(len) + " bytes hold");
    in.skip(len - 8);
}

// The tables: [<lbl>] len name padding table [</lbl>], up to </value_labels> (tagged) or the end of the file.
void checkValueLabels(HeaderReader& in, const DtaHeader& h, const std::string& path)
{
    in.seek(h.valueLabelsOffset);
    if (h.valueLabelsOffset == 0 || (h.tagged && !in.tag("<value_labels>")))
        return;
    const std::size_t nameBytes = h.release >= 118 ? 129 : 33;
    for (;;) {
        const std::uint64_t at = in.position();
        if (h.tagged && !in.tag("<lbl>"))
            return; // </value_labels>, or what ReadStat refuses itself
        std::uint64_t len = 0;
        char name[129] = {};
        if (!in.uint(4, h.bigEndian, len) || !in.read(name, nameBytes) || !in.skip(3))
            return; // the end of the file (releases 113-115 have no closing tag)
        const std::string set(name, ::strnlen(name, nameBytes));
        const std::uint64_t left = in.size() - in.position();
        if (len > left)
            throw InputError("'" + path + "': value-label table '" + set + "' (at byte " + n(at) +
                             ") declares len = " + n(len) + " bytes, larger than the " + n(left) +
                             " left in the file (a damaged or hostile file)");
        checkTable(in, h, path, set, len);
        if (h.tagged && !in.tag("</lbl>"))
            return;
    }
}

} // namespace

void checkDtaTables(const std::string& path)
{
    HeaderReader in(path);
    const std::optional<DtaHeader> h = readDtaHeader(in);
    if (!h)
        return;
    if (h->tagged)
        checkStrls(in, *h, path);
    checkValueLabels(in, *h, path);
}

} // namespace rr
