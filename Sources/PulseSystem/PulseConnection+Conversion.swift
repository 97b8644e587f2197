// SPDX-License-Identifier: Zlib
import CPulse

/// Turning libpulse's info structures into the system's own values.
extension PulseConnection {
    static func property(_ key: String, in proplist: OpaquePointer?) -> String? {
        guard let proplist, let value = libpulse.pa_proplist_gets(proplist, key) else { return nil }
        return String(cString: value)
    }

    /// A stream as the system keeps it. A property it cannot read is left out, and said once per
    /// stream (`desktop.odd-property`): a process id that is not a number (the stream is then
    /// another program's: it cannot be shown to be ours), a role it does not know (other audio,
    /// but neither a call nor primary audio). Our own process's streams (OpenAL Soft's, whose
    /// properties are its own choice, e.g. `media.role` `tphonon.streamid` on PipeWire) never count
    /// as other audio, so they are not checked. Runs on libpulse's thread.
    func stream(from info: UnsafePointer<pa_sink_input_info>) -> PulseStream {
        let props = info.pointee.proplist
        let index = info.pointee.index
        let rawProcessID = Self.property("application.process.id", in: props)
        let processID = rawProcessID.flatMap { Int32($0.trimmedOfWhiteSpace) }
        let rawRole = Self.property("media.role", in: props)
        let role = PulseStream.normalizedRole(rawRole)
        let applicationName = Self.property("application.name", in: props)
        var odd: [String] = []
        if processID != ownProcessID {
            if let rawProcessID, processID == nil { odd.append("application.process.id \"\(rawProcessID)\" is not a process id: taken as another program's") }
            if let role, !PulseStream.knownRoles.contains(role) {
                odd.append("media.role \"\(rawRole ?? "")\" is not a role GameSound knows: other audio, neither a call nor music")
            }
        }
        if !odd.isEmpty, oddStreamsLogged.insert(index).inserted {
            logger.warning("stream #\(index) of \(applicationName ?? "an unnamed program"): \(odd.joined(separator: "; "))",
                           metadata: ["code": "desktop.odd-property"])
        }
        return PulseStream(
            index: index,
            applicationName: applicationName,
            processID: processID,
            role: role,
            isCorked: info.pointee.corked != 0,
            isMuted: info.pointee.mute != 0)
    }

    static func sink(from info: UnsafePointer<pa_sink_info>) -> PulseSink {
        let sink = info.pointee
        var availability: [String: Bool?] = [:]
        if let ports = sink.ports {
            for slot in 0..<Int(sink.n_ports) {
                guard let port = ports[slot]?.pointee, let name = port.name else { continue }
                let available: Bool? = switch UInt32(port.available) {
                case PA_PORT_AVAILABLE_YES.rawValue: true
                case PA_PORT_AVAILABLE_NO.rawValue: false
                default: nil
                }
                availability[String(cString: name)] = available
            }
        }
        var volume = sink.volume
        let normal = 65_536.0  // PA_VOLUME_NORM, a macro Swift does not import
        return PulseSink(
            index: sink.index,
            name: sink.name.map { String(cString: $0) } ?? "sink#\(sink.index)",
            bus: property("device.bus", in: sink.proplist),
            formFactor: property("device.form_factor", in: sink.proplist),
            activePort: sink.active_port?.pointee.name.map { String(cString: $0) },
            portAvailability: availability,
            sampleRate: Double(sink.sample_spec.rate),
            latency: Double(sink.latency) / 1_000_000,
            volume: Double(libpulse.pa_cvolume_avg(&volume)) / normal)
    }
}
