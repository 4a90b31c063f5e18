#include "ui/session/SessionFile.h"

#include "core/data/AtomicWrite.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"

#include <QFileInfo>
#include <QObject>

namespace rr::ui {
namespace {

[[noreturn]] void fail(const QString& message)
{
    throw InputError(message.toStdString());
}

} // namespace

SessionData captureSession(const AnalysisState& state)
{
    SessionData s;
    s.dataPaths = state.dataPaths();
    s.spec = state.spec();
    s.mode = state.mode();
    s.p = state.retentions();
    s.tau = state.tau();
    s.view = state.view();
    return s;
}

void restoreSession(AnalysisState& state, const SessionData& s)
{
    state.restore(s.dataPaths, s.spec, s.mode, s.p, s.tau, s.view);
}

void saveSessionFile(const SessionData& session, const QString& path)
{
    const QByteArray bytes = sessionToJson(session);
    writeBytesAtomically(path.toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

SessionData loadSessionFile(const QString& path)
{
    // The bytes read are counted (st_size is 0 for /dev/zero); a FIFO or folder is refused before opening.
    const std::string text = readFileBounded(path.toStdString(), std::size_t(kMaxSessionFileBytes), "session file");
    const QByteArray bytes(text.data(), qsizetype(text.size()));
    try {
        return sessionFromJson(bytes, QFileInfo(path).absolutePath());
    } catch (const InputError& e) {
        fail(QObject::tr("session file %1: %2").arg(path, QString::fromStdString(e.what())));
    }
}

} // namespace rr::ui
