import CPulse

/// Turning libpulse's info structures into the system's own values.
extension PulseConnection {
    static func property(_ key: String, in proplist: OpaquePointer?) -> String? {
        guard let proplist, let value = pa_proplist_gets(proplist, key) else { return nil }
        return String(cString: value)
    }

    static func stream(from info: UnsafePointer<pa_sink_input_info>) -> PulseStream {
        let props = info.pointee.proplist
        return PulseStream(
            index: info.pointee.index,
            applicationName: property("application.name", in: props),
            processID: property("application.process.id", in: props).flatMap { Int32($0) },
            role: property("media.role", in: props),
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
            volume: Double(pa_cvolume_avg(&volume)) / normal)
    }
}
