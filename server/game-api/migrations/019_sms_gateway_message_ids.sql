-- SMSGatewayById finds a message by the gateway's id of it, in either direction, without scanning the message tables.
CREATE INDEX sms_inbound_message_id ON sms_inbound (message_id);
CREATE INDEX sms_outbound_gateway_message_id ON sms_outbound (gateway_message_id) WHERE gateway_message_id IS NOT NULL;
